import { useState } from 'react';
import { App, Button, Card, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CampaignAction, ConsoleCampaign } from '@marquee/contracts/console';
import { formatYuan } from '@marquee/contracts';
import { chinaTime } from '@/lib/china-time';
import { useCampaigns, useMoveCampaign } from '../api/use-campaigns';
import { discountText, phaseColor, phaseKey, scopeKey } from '../coupons-format';
import { couponsMessages } from '../coupons-messages';
import { CampaignDrawer } from './campaign-drawer';
import { DataTable } from '@/lib/data-table';

/** 1000000 → 1,000,000. */
const count = (n: number) => n.toLocaleString('en-US');
const when = (iso: string) => chinaTime(iso).format('YYYY-MM-DD HH:mm');

/** The campaigns page: every campaign of the site with what it gives, and how many went out. */
export function CampaignsView(props: { mustNameCinemas: boolean }) {
  const t = couponsMessages.useMessages();
  const { message } = App.useApp();
  const campaigns = useCampaigns();
  const move = useMoveCampaign();
  const [editing, setEditing] = useState<ConsoleCampaign | null>(null);
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  const act = (campaign: ConsoleCampaign, action: CampaignAction) =>
    move.mutate(
      { campaignId: campaign.id, action },
      {
        onSuccess: () =>
          void message.success(
            t(action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'ended'),
          ),
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setDrawerOpen(true);
          }}
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <DataTable<ConsoleCampaign>
        loading={campaigns.isFetching}
        dataSource={campaigns.data?.list ?? []}
        emptyText={t('nothingYet')}
        pageSize={8}
        totalText={(total) => t('total', { total })}
        data-testid="campaign-table"
        columns={[
          {
            title: t('campaign'),
            key: 'campaign',
            render: (_, item) => (
              <Space direction="vertical" size={2}>
                <Typography.Text strong>{item.title}</Typography.Text>
                <Space size={4} wrap>
                  {item.promoCode && <Tag color="geekblue">{item.promoCode}</Tag>}
                  {item.isForNewUsers && <Tag color="cyan">{t('newUsers')}</Tag>}
                </Space>
              </Space>
            ),
          },
          {
            title: t('discount'),
            key: 'discount',
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{discountText(t, item)}</Typography.Text>
                <Typography.Text type="secondary">
                  {item.minSpendFen > 0
                    ? t('minSpendOf', { amount: formatYuan(item.minSpendFen) })
                    : t('noMinSpend')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('scope'),
            key: 'scope',
            render: (_, item) => (
              <Space direction="vertical" size={0} style={{ maxWidth: 200 }}>
                <Typography.Text>{t(scopeKey[item.scope])}</Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {item.films.length ? item.films.map((f) => f.name).join('、') : t('allFilms')}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {item.cinemas.length
                    ? item.cinemas.map((c) => c.name).join('、')
                    : t('allCinemas')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('validity'),
            key: 'validity',
            width: 150,
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{when(item.validFrom)}</Typography.Text>
                <Typography.Text>{when(item.validTo)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('counts'),
            key: 'counts',
            width: 220,
            render: (_, item) => (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Typography.Text data-testid="campaign-issued">
                  {t('issuedOf', {
                    issued: count(item.issuedCount),
                    total: count(item.totalQuantity),
                  })}
                </Typography.Text>
                <Progress
                  percent={Math.round((item.issuedCount / item.totalQuantity) * 100)}
                  success={{ percent: Math.round((item.usedCount / item.totalQuantity) * 100) }}
                  showInfo={false}
                  size="small"
                  aria-hidden
                />
                <Typography.Text type="secondary">
                  {t('usedOf', { used: item.usedCount, amount: formatYuan(item.usedDiscountFen) })}
                </Typography.Text>
                {item.heldCount > 0 && (
                  <Typography.Text type="secondary">
                    {t('heldOf', { held: item.heldCount })}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {t('perUserOf', { n: item.perUserLimit })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('state'),
            key: 'phase',
            width: 90,
            render: (_, item) => (
              <Tag color={phaseColor[item.phase]}>{t(phaseKey[item.phase])}</Tag>
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 200,
            render: (_, item) => <Actions item={item} onEdit={() => open(item)} onMove={act} />,
          },
        ]}
      />
      <CampaignDrawer
        open={isDrawerOpen}
        editing={editing}
        films={campaigns.data?.films ?? []}
        cinemas={campaigns.data?.cinemas ?? []}
        mustNameCinemas={props.mustNameCinemas}
        onClose={() => setDrawerOpen(false)}
      />
    </Card>
  );

  function open(item: ConsoleCampaign) {
    setEditing(item);
    setDrawerOpen(true);
  }
}

function Actions(props: {
  item: ConsoleCampaign;
  onEdit: () => void;
  onMove: (item: ConsoleCampaign, action: CampaignAction) => void;
}) {
  const t = couponsMessages.useMessages();
  const { item } = props;
  if (item.phase === 'ended') return null;
  if (!item.canChange) {
    return <Typography.Text type="secondary">{t('notYours')}</Typography.Text>;
  }
  return (
    <Space size={0}>
      <Button type="link" style={{ paddingInline: 6 }} onClick={props.onEdit}>
        {t('edit')}
      </Button>
      {item.state === 'paused' ? (
        <Button
          type="link"
          style={{ paddingInline: 6 }}
          onClick={() => props.onMove(item, 'resume')}
        >
          {t('resume')}
        </Button>
      ) : (
        <Tooltip title={t('pauseConfirm')}>
          <Button
            type="link"
            style={{ paddingInline: 6 }}
            onClick={() => props.onMove(item, 'pause')}
          >
            {t('pause')}
          </Button>
        </Tooltip>
      )}
      <Popconfirm
        title={t('endConfirm', { title: item.title })}
        onConfirm={() => props.onMove(item, 'end')}
        okButtonProps={{ danger: true }}
      >
        <Button type="link" danger style={{ paddingInline: 6 }}>
          {t('end')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
