import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import {
  STAFF_USERNAME_PATTERN,
  staffPasswordProblem,
  staffRoles,
  type StaffRole,
  type StaffView,
} from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { commonMessages, roleMessages } from '@/lib/i18n/common-messages';
import { useSaveStaff, type StaffFormValues } from '../api/use-save-staff';
import { staffMessages } from '../staff-messages';
import { localNameOf } from '@/lib/local-name';

/** Create an account (no `editing`) or change one's name, role and cinemas. */
export function StaffFormModal(props: {
  open: boolean;
  editing: StaffView | null;
  cinemas: { id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = staffMessages.useMessages();
  const common = commonMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const [form] = Form.useForm<StaffFormValues>();
  const save = useSaveStaff();
  const role = Form.useWatch('role', form) as StaffRole | undefined;
  const { editing, open } = props;

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    if (editing) {
      const ids = editing.cinemas.map((c) => c.id);
      form.setFieldsValue({
        username: editing.username,
        displayName: editing.displayName,
        role: editing.role,
        // A cashier's one cinema is a single choice; a manager's a list.
        cinemaIds: (editing.role === 'cashier' ? ids[0] : ids) as string[],
      });
    } else {
      form.setFieldsValue({ role: 'cashier', cinemaIds: [] });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, editing]);

  const submit = (values: StaffFormValues) => {
    // Owners cover every cinema; a cashier's single choice arrives as one id.
    const picked = values.cinemaIds as string[] | string | undefined;
    const cinemaIds =
      values.role === 'owner' ? [] : Array.isArray(picked) ? picked : picked ? [picked] : [];
    save.mutate(
      { id: editing?.id, values: { ...values, cinemaIds } },
      { onSuccess: props.onSaved },
    );
  };
  const problem = (value: string) => staffPasswordProblem(value ?? '');
  const lang = getLang();

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {save.error && (
        <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        onValuesChange={(changed: Partial<StaffFormValues>, all: StaffFormValues) => {
          if (!changed.role) return;
          // Keep the chosen cinemas across a role change, in the shape the new role's picker takes.
          const picked = all.cinemaIds as string[] | string | undefined;
          const ids = Array.isArray(picked) ? picked : picked ? [picked] : [];
          form.setFieldValue('cinemaIds', changed.role === 'manager' ? ids : ids[0]);
        }}
      >
        <Form.Item
          label={t('username')}
          name="username"
          extra={editing ? undefined : t('usernameHint')}
          rules={[
            { required: true, message: t('required') },
            { pattern: STAFF_USERNAME_PATTERN, message: t('usernameHint') },
          ]}
        >
          <Input disabled={editing !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('displayName')}
          name="displayName"
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label={t('role')} name="role" rules={[{ required: true }]}>
          <Select options={staffRoles.map((value) => ({ value, label: roleName(value) }))} />
        </Form.Item>
        {role !== 'owner' && (
          <Form.Item
            label={t('cinemas')}
            name="cinemaIds"
            rules={[{ required: true, message: t('required') }]}
          >
            <Select
              mode={role === 'manager' ? 'multiple' : undefined}
              options={props.cinemas.map((c) => ({ value: c.id, label: localNameOf(c) }))}
            />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item
            label={t('password')}
            name="password"
            extra={t('passwordHint')}
            rules={[
              {
                validator: (_rule, value: string) => {
                  const found = problem(value);
                  return found
                    ? Promise.reject(new Error(lang === 'en' ? found.hintEn : found.hint))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
