import { useRef, type ReactNode, type SyntheticEvent } from 'react';
import { Alert, Button, Drawer, Space, type FormInstance } from 'antd';
import { commonMessages } from '../i18n/common-messages';
import { useAskOnce } from '../use-ask-once';
import { isSameFormValue } from './form-values';

/**
 * Remembers what a form opened with, to tell later whether leaving would lose anything. Call
 * `opened()` once the form holds its starting values (after `setFieldsValue`).
 */
export function useFormGuard(form: FormInstance) {
  const start = useRef<unknown>(undefined);
  return {
    opened: () => {
      start.current = form.getFieldsValue(true);
    },
    isDirty: () => !isSameFormValue(start.current, form.getFieldsValue(true)),
  };
}

/** Leaving asks first when something would be lost; never twice at once. */
export function useLeaveGuard(isDirty: () => boolean, leave: () => void) {
  const common = commonMessages.useMessages();
  const ask = useAskOnce();
  return () => {
    if (!isDirty()) return leave();
    ask({
      title: common('discardTitle'),
      content: common('discardText'),
      okText: common('discardOk'),
      cancelText: common('keepEditing'),
      okButtonProps: { danger: true },
      onOk: leave,
    });
  };
}

/**
 * A drawer's `onClose` that leaves, except for the Esc that closes an open dropdown (a select, a
 * date picker) inside it: that Esc is the dropdown's, not the drawer's.
 */
export const closeUnlessPopupEsc = (leave: () => void) => (event: SyntheticEvent | undefined) => {
  const isPopupEsc =
    event?.type === 'keydown' &&
    event.target instanceof Element &&
    event.target.closest('[aria-expanded="true"]') !== null;
  if (!isPopupEsc) leave();
};

/**
 * The console's one drawer for editing data: title, 取消 and 保存 at the top, the call's error
 * above the form. Esc, 取消, the close button and a click beside the drawer all ask before
 * discarding changes.
 */
export function FormDrawer(props: {
  open: boolean;
  title: ReactNode;
  width?: number;
  isDirty: () => boolean;
  onClose: () => void;
  onSave: () => void;
  isSaving?: boolean;
  saveLabel?: string;
  saveTestId?: string;
  error?: { message: string } | null;
  testId?: string;
  children: ReactNode;
}) {
  const common = commonMessages.useMessages();
  const leave = useLeaveGuard(props.isDirty, props.onClose);
  return (
    <Drawer
      open={props.open}
      width={props.width ?? 720}
      title={props.title}
      onClose={closeUnlessPopupEsc(leave)}
      destroyOnHidden
      data-testid={props.testId}
      extra={
        <Space>
          <Button onClick={leave}>{common('cancel')}</Button>
          <Button
            type="primary"
            loading={props.isSaving}
            onClick={props.onSave}
            data-testid={props.saveTestId}
          >
            {props.saveLabel ?? common('save')}
          </Button>
        </Space>
      }
    >
      {props.error && (
        <Alert type="error" showIcon message={props.error.message} style={{ marginBottom: 16 }} />
      )}
      {props.children}
    </Drawer>
  );
}
