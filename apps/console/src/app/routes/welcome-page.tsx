import { Button, Card, Col, Descriptions, Grid, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canUseArea, consoleAreas } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { TodayGlance } from '@/features/reports/components/today-glance';
import { roleMessages } from '@/lib/i18n/common-messages';
import { areaIcons } from '../area-icons';
import { areaPaths } from '../areas';
import { menuMessages } from '../menu-messages';
import { localNameOf, localNamesOf } from '@/lib/local-name';

/**
 * Home after sign-in: today at a glance for the staff member's cinemas, and a large button for
 * each area the role can use (first on a phone, so a cashier reaches check-in with one tap
 * instead of opening the menu), with who and where.
 */
export default function WelcomePage() {
  const t = menuMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const me = useMe();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  if (!me.data) return null;
  const areas = consoleAreas.filter((area) => canUseArea(me.data.role, area));
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {/* On a phone the areas come first: a cashier at the door reaches check-in in one tap. */}
      <div style={{ order: screens.md ? 0 : 1 }}>
        <TodayGlance staff={me.data} />
      </div>
      <Card>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('welcome', { name: me.data.displayName })} {t('welcomeHint')}
        </Typography.Title>
        <Row gutter={[12, 12]} style={{ marginBottom: 24 }} data-testid="welcome-areas">
          {areas.map((area) => (
            <Col key={area} xs={12} sm={8} lg={6}>
              <Button
                block
                size="large"
                icon={areaIcons[area]}
                style={{ height: 56 }}
                onClick={() => void navigate(areaPaths[area])}
              >
                {t(area)}
              </Button>
            </Col>
          ))}
        </Row>
        <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
          <Descriptions.Item label={t('site')}>{localNameOf(me.data.site)}</Descriptions.Item>
          <Descriptions.Item label={t('role')}>{roleName(me.data.role)}</Descriptions.Item>
          <Descriptions.Item label={t('cinemaList')} span={{ xs: 1, sm: 2 }}>
            {localNamesOf(me.data.cinemas)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
