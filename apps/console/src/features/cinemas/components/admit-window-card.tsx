import { useEffect } from 'react';
import { App, Button, Card, Form, InputNumber, Typography } from 'antd';
import {
  ADMIT_AFTER_MAX_MINUTES,
  ADMIT_BEFORE_MAX_MINUTES,
  type AdmitWindow,
} from '@marquee/contracts/console';
import { useAdmitWindow, useSaveAdmitWindow } from '../api/use-admit-window';
import { cinemasMessages } from '../cinemas-messages';

/**
 * The door's admit window (a setting of the whole site), in two sentences with a number each:
 * from how long before a show the door checks its tickets in, and until how long after its start.
 */
export function AdmitWindowCard() {
  const t = cinemasMessages.useMessages();
  const { message } = App.useApp();
  const current = useAdmitWindow();
  const save = useSaveAdmitWindow();
  const [form] = Form.useForm<AdmitWindow>();

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const minutes = (name: keyof AdmitWindow, max: number) => (
    <Form.Item
      name={name}
      noStyle
      rules={[{ required: true, type: 'integer', min: 0, max, message: t('admitBounds', { max }) }]}
    >
      <InputNumber
        min={0}
        max={max}
        precision={0}
        step={5}
        controls={false}
        style={{ width: 80, margin: '0 8px' }}
        data-testid={`admit-${name}`}
      />
    </Form.Item>
  );

  return (
    <Card
      title={t('admitTitle')}
      loading={current.isPending}
      data-testid="admit-window"
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('admitHint')}
        </Typography.Text>
      }
    >
      <Form<AdmitWindow>
        form={form}
        layout="inline"
        onFinish={(values) =>
          save.mutate(values, { onSuccess: () => void message.success(t('admitSaved')) })
        }
        style={{ rowGap: 12 }}
      >
        <Form.Item style={{ marginBottom: 0 }}>
          {t('admitBeforeLead')}
          {minutes('admitBeforeMinutes', ADMIT_BEFORE_MAX_MINUTES)}
          {t('admitBeforeTail')}
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          {t('admitAfterLead')}
          {minutes('admitAfterMinutes', ADMIT_AFTER_MAX_MINUTES)}
          {t('admitAfterTail')}
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="admit-save"
          >
            {t('admitSave')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
