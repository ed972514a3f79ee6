import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { cardPaysFor, type ConsoleCardType } from '@marquee/contracts/console';
import { useCardTypes, useSaveCardType, type CardTypeFields } from '../api/use-card-types';
import { cardsMessages } from '../cards-messages';

/** The site's card types: what each pays for and whether new top-up cards of it are issued. */
export function CardTypesPanel() {
  const t = cardsMessages.useMessages();
  const types = useCardTypes();
  const [editing, setEditing] = useState<ConsoleCardType | null>(null);
  const [isOpen, setOpen] = useState(false);

  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('typesHint')} {t('noDiscount')}
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 16 }}
        onClick={() => {
          setEditing(null);
          setOpen(true);
        }}
      >
        {t('addType')}
      </Button>
      <Table<ConsoleCardType>
        rowKey="code"
        size="middle"
        loading={types.isFetching}
        dataSource={types.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('sortOrder'), dataIndex: 'sortOrder', width: 80 },
          { title: t('typeName'), dataIndex: 'name' },
          { title: t('typeCode'), dataIndex: 'code' },
          {
            title: t('paysFor'),
            dataIndex: 'paysFor',
            render: (paysFor: ConsoleCardType['paysFor']) => t(`paysFor_${paysFor}`),
          },
          {
            title: t('isOnSale'),
            dataIndex: 'isOnSale',
            render: (isOnSale: boolean) =>
              isOnSale ? <Tag color="green">{t('onSale')}</Tag> : <Tag>{t('offSale')}</Tag>,
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 90,
            render: (_, type) => (
              <Button
                type="link"
                onClick={() => {
                  setEditing(type);
                  setOpen(true);
                }}
              >
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      <CardTypeModal open={isOpen} editing={editing} onClose={() => setOpen(false)} />
    </>
  );
}

function CardTypeModal(props: {
  open: boolean;
  editing: ConsoleCardType | null;
  onClose: () => void;
}) {
  const t = cardsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<CardTypeFields>();
  const save = useSaveCardType();
  const isNew = !props.editing;

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(
      props.editing ?? { paysFor: 'general', isOnSale: true, sortOrder: 10, code: '', name: '' },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the modal opens
  }, [props.open, props.editing?.code]);

  return (
    <Modal
      title={isNew ? t('addType') : t('editType')}
      open={props.open}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(fields) =>
          save.mutate(
            { isNew, fields },
            {
              onSuccess: () => {
                void message.success(t('saved'));
                props.onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="code"
          label={t('typeCode')}
          extra={t('typeCodeHint')}
          rules={[
            { required: true, pattern: /^[a-z][a-z0-9-]{1,23}$/, message: t('typeCodeHint') },
          ]}
        >
          <Input disabled={!isNew} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('typeName')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="paysFor"
          label={t('paysFor')}
          extra={isNew ? undefined : t('paysForFixed')}
        >
          <Radio.Group
            disabled={!isNew}
            options={cardPaysFor.map((value) => ({ value, label: t(`paysFor_${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="isOnSale" label={t('isOnSale')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label={t('sortOrder')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
