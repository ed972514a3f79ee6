import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleCinema } from '@marquee/contracts/console';
import { useCinemaList } from '../api/use-cinema-list';
import { cinemasMessages } from '../cinemas-messages';
import { CinemaFormModal } from './cinema-form-modal';
import { AdmitWindowCard } from './admit-window-card';
import { HallsCard } from './halls-card';
import { localNameOf } from '@/lib/local-name';
import { localTerm } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';

/** The cinemas page: the caller's cinemas (owners add them), and the picked cinema's halls. */
export function CinemasView() {
  const t = cinemasMessages.useMessages();
  const list = useCinemaList();
  const [editing, setEditing] = useState<ConsoleCinema | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [pickedId, setPickedId] = useState<string | undefined>();
  const cinemas = list.data?.cinemas ?? [];
  const picked = cinemas.find((cinema) => cinema.id === pickedId) ?? cinemas[0];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('title')}
        extra={
          list.data?.canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
            >
              {t('add')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
        <Table<ConsoleCinema>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={cinemas}
          pagination={false}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: picked ? [picked.id] : [],
            onChange: (keys) => setPickedId(String(keys[0])),
          }}
          onRow={(cinema) => ({ onClick: () => setPickedId(cinema.id) })}
          columns={[
            {
              title: t('name'),
              dataIndex: 'name',
              render: (_: string, cinema) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{localNameOf(cinema)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {localNameOf({ name: cinema.address, nameEn: cinema.addressEn })}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: t('phone'), dataIndex: 'phone', width: 140 },
            {
              title: t('coordinates'),
              key: 'coordinates',
              width: 170,
              render: (_, cinema) => (
                <Typography.Text type="secondary">
                  {cinema.latitude.toFixed(4)}, {cinema.longitude.toFixed(4)}
                </Typography.Text>
              ),
            },
            {
              title: t('tags'),
              dataIndex: 'tags',
              render: (tags: string[]) =>
                tags.map((tag) => <Tag key={tag}>{localTerm('tag', tag, getLang())}</Tag>),
            },
            {
              title: t('halls'),
              dataIndex: 'hallCount',
              width: 90,
              render: (n: number) => t('hallCount', { n }),
            },
            {
              title: t('actions'),
              key: 'actions',
              width: 90,
              render: (_, cinema) => (
                <Button
                  type="link"
                  onClick={(event) => {
                    event.stopPropagation();
                    setEditing(cinema);
                    setOpen(true);
                  }}
                >
                  {t('edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {picked ? (
        <HallsCard cinema={picked} />
      ) : (
        <Typography.Text type="secondary">{t('pickCinema')}</Typography.Text>
      )}
      <AdmitWindowCard />
      <CinemaFormModal open={isOpen} editing={editing} onClose={() => setOpen(false)} />
    </Space>
  );
}
