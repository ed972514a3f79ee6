import { useEffect } from 'react';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { CinemaFields, ConsoleCinema } from '@marquee/contracts/console';
import { englishNameMessages, englishNameOf, englishNameRule } from '@/lib/english-name';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useSaveCinema } from '../api/use-save-cinema';
import { cinemasMessages } from '../cinemas-messages';

/**
 * Add a cinema (no `editing`, owners) or change one's name, address (each with an optional English
 * one), phone, coordinates and tags.
 */
export function CinemaFormModal(props: {
  open: boolean;
  editing: ConsoleCinema | null;
  onClose: () => void;
}) {
  const t = cinemasMessages.useMessages();
  const common = commonMessages.useMessages();
  const en = englishNameMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<CinemaFields>();
  const save = useSaveCinema();
  const { editing, open } = props;

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue(editing ?? { tags: [] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, editing]);

  const submit = (fields: CinemaFields) =>
    save.mutate(
      {
        id: editing?.id,
        fields: {
          ...fields,
          nameEn: englishNameOf(fields.nameEn),
          addressEn: englishNameOf(fields.addressEn),
          tags: fields.tags ?? [],
        },
      },
      {
        onSuccess: () => {
          void message.success(t('saved'));
          props.onClose();
        },
      },
    );
  const required = [{ required: true, message: t('required') }];

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      {save.error && (
        <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('name')} rules={[...required, { min: 2, max: 40 }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="nameEn"
              label={t('nameEn')}
              extra={en('hint')}
              rules={[englishNameRule(80, en)]}
            >
              <Input maxLength={80} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('address')} rules={[...required, { min: 4, max: 120 }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="addressEn" label={t('addressEn')} rules={[englishNameRule(200, en)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('phone')}
          rules={[...required, { pattern: /^[0-9+\-() ]{5,20}$/, message: t('phone') }]}
        >
          <Input maxLength={20} style={{ width: 240 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="latitude"
              label={t('latitude')}
              rules={required}
              extra={t('coordinatesHint')}
            >
              <InputNumber min={3} max={54} step={0.0001} precision={6} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="longitude" label={t('longitude')} rules={required}>
              <InputNumber
                min={73}
                max={136}
                step={0.0001}
                precision={6}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="tags" label={t('tags')} extra={t('tagsHint')}>
          <Select mode="tags" maxCount={10} open={false} suffixIcon={null} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
