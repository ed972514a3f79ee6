import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleCinema, ConsoleHall } from '@marquee/contracts/console';
import { englishNameMessages, englishNameOf, englishNameRule } from '@/lib/english-name';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useHallList } from '../api/use-hall-list';
import { useRenameHall } from '../api/use-save-hall';
import { cinemasMessages } from '../cinemas-messages';
import { LayoutEditorDrawer, type EditorTarget } from './layout-editor-drawer';
import { getLang } from '@/lib/i18n/i18n';
import { localNameOf } from '@/lib/local-name';

/** A cinema's halls: add one with its layout, rename (Chinese and English), open the layout editor. */
export function HallsCard(props: { cinema: ConsoleCinema }) {
  const t = cinemasMessages.useMessages();
  const common = commonMessages.useMessages();
  const en = englishNameMessages.useMessages();
  const { message } = App.useApp();
  const halls = useHallList(props.cinema.id);
  const rename = useRenameHall();
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const [renaming, setRenaming] = useState<ConsoleHall | null>(null);
  const [form] = Form.useForm<{ name: string; nameEn: string | null }>();

  return (
    <Card
      title={t('hallsOf', { cinema: localNameOf(props.cinema) })}
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
          {
            title: t('hallName'),
            dataIndex: 'name',
            render: (_: string, hall) => (
              <>
                {localNameOf(hall)}
                {hall.nameEn && getLang() === 'zh' && (
                  <Typography.Text type="secondary"> · {hall.nameEn}</Typography.Text>
                )}
              </>
            ),
          },
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
                <Button type="link" onClick={() => setRenaming(hall)}>
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
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {rename.error && (
          <Alert
            type="error"
            showIcon
            message={rename.error.message}
            style={{ marginBottom: 12 }}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ name: renaming?.name, nameEn: renaming?.nameEn ?? '' }}
          onFinish={(fields) =>
            renaming &&
            rename.mutate(
              {
                hallId: renaming.id,
                name: fields.name.trim(),
                nameEn: englishNameOf(fields.nameEn),
              },
              {
                onSuccess: () => {
                  void message.success(t('saved'));
                  setRenaming(null);
                },
              },
            )
          }
        >
          <Form.Item
            name="name"
            label={t('hallName')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="nameEn"
            label={t('hallNameEn')}
            extra={en('hint')}
            rules={[englishNameRule(40, en)]}
          >
            <Input maxLength={40} placeholder="Hall 1" />
          </Form.Item>
        </Form>
      </Modal>
      <LayoutEditorDrawer target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
