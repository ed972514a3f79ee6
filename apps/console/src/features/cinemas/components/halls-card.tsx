import { useState } from 'react';
import { App, Button, Card, Input, Modal, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleCinema, ConsoleHall } from '@marquee/contracts/console';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useHallList } from '../api/use-hall-list';
import { useRenameHall } from '../api/use-save-hall';
import { cinemasMessages } from '../cinemas-messages';
import { LayoutEditorDrawer, type EditorTarget } from './layout-editor-drawer';

/** A cinema's halls: add one with its layout, rename, and open the layout editor. */
export function HallsCard(props: { cinema: ConsoleCinema }) {
  const t = cinemasMessages.useMessages();
  const common = commonMessages.useMessages();
  const { message } = App.useApp();
  const halls = useHallList(props.cinema.id);
  const rename = useRenameHall();
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const [renaming, setRenaming] = useState<{ hall: ConsoleHall; name: string } | null>(null);

  return (
    <Card
      title={t('hallsOf', { cinema: props.cinema.name })}
      extra={
        <Button
          icon={<PlusOutlined />}
          onClick={() => setTarget({ kind: 'new', cinemaId: props.cinema.id })}
        >
          {t('addHall')}
        </Button>
      }
    >
      <Table<ConsoleHall>
        rowKey="id"
        size="middle"
        loading={halls.isFetching}
        dataSource={halls.data?.halls ?? []}
        pagination={false}
        columns={[
          { title: t('hallName'), dataIndex: 'name' },
          {
            title: t('layoutVersion'),
            dataIndex: 'layoutVersion',
            width: 140,
            render: (n: number) => <Tag color="blue">{t('versionN', { n })}</Tag>,
          },
          {
            title: t('size'),
            key: 'size',
            width: 180,
            render: (_, hall) => t('sizeText', { rows: hall.rowCount, columns: hall.columns }),
          },
          { title: t('seatCount'), dataIndex: 'seatCount', width: 120 },
          {
            title: t('actions'),
            key: 'actions',
            width: 280,
            render: (_, hall) => (
              <>
                <Button type="link" onClick={() => setTarget({ kind: 'hall', hall })}>
                  {t('editLayout')}
                </Button>
                <Button type="link" onClick={() => setRenaming({ hall, name: hall.name })}>
                  {t('rename')}
                </Button>
              </>
            ),
          },
        ]}
      />
      <Modal
        open={renaming !== null}
        title={t('renameTitle')}
        okText={common('save')}
        cancelText={common('cancel')}
        confirmLoading={rename.isPending}
        onCancel={() => setRenaming(null)}
        afterClose={() => rename.reset()}
        onOk={() =>
          renaming &&
          rename.mutate(
            { hallId: renaming.hall.id, name: renaming.name.trim() },
            {
              onSuccess: () => {
                void message.success(t('saved'));
                setRenaming(null);
              },
            },
          )
        }
      >
        <Input
          aria-label={t('hallName')}
          maxLength={20}
          value={renaming?.name ?? ''}
          onChange={(event) => renaming && setRenaming({ ...renaming, name: event.target.value })}
          status={rename.error ? 'error' : undefined}
        />
        {rename.error && (
          <div style={{ color: '#ff4d4f', marginTop: 8 }}>{rename.error.message}</div>
        )}
      </Modal>
      <LayoutEditorDrawer target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
