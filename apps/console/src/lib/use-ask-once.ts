import { useRef } from 'react';
import { App, type ModalFuncProps } from 'antd';

/**
 * A confirmation that is never asked twice at once: a second Esc or a tap beside a drawer while
 * "discard what you typed?" is already on screen does not stack another one on top.
 */
export function useAskOnce() {
  const { modal } = App.useApp();
  const isAsking = useRef(false);
  return (props: ModalFuncProps) => {
    if (isAsking.current) return;
    isAsking.current = true;
    modal.confirm({
      ...props,
      afterClose: () => {
        isAsking.current = false;
        props.afterClose?.();
      },
    });
  };
}
