import { Button, Typography } from 'antd';
import { CalendarOutlined, LogoutOutlined, SearchOutlined } from '@ant-design/icons';
import { yuanToFen } from '@marquee/contracts';
import type { Shift } from '@marquee/contracts/console';
import { chinaClock } from '@/lib/china-time';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';

/** The till's top line: who is on shift since when, the float and the cash the drawer should hold. */
export function ShiftBar(props: {
  shift: Shift;
  onLookup: () => void;
  onCloseShift: () => void;
  onDayClose?: () => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const { shift } = props;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '6px 12px',
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 10,
        flexWrap: 'wrap',
      }}
      data-testid="shift-bar"
    >
      <Typography.Text strong style={{ fontSize: 15 }}>
        {t('shiftOn', { name: shift.staffName, time: chinaClock(shift.openedAt) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('shiftFloat', { amount: yuan(yuanToFen(shift.float)) })}
      </Typography.Text>
      <Typography.Text data-testid="shift-expected">
        {t('shiftExpected', { amount: yuan(yuanToFen(shift.expectedCash)) })}
      </Typography.Text>
      <span style={{ flex: 1 }} />
      <Button
        icon={<SearchOutlined />}
        onClick={props.onLookup}
        style={{ height: 44 }}
        data-testid="open-lookup"
      >
        {t('findOrder')}
      </Button>
      {props.onDayClose && (
        <Button icon={<CalendarOutlined />} onClick={props.onDayClose} style={{ height: 44 }}>
          {t('dayClose')}
        </Button>
      )}
      <Button
        icon={<LogoutOutlined />}
        onClick={props.onCloseShift}
        style={{ height: 44 }}
        data-testid="open-close-shift"
      >
        {t('closeShift')}
      </Button>
    </div>
  );
}
