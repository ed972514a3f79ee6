/**
 * antd-mobile's Toast and Dialog, the parts it mounts outside the page's tree (Toast.show,
 * Dialog.confirm). Import them from here, never from antd-mobile itself: this module installs the
 * mount they need first (antd-mobile-render.ts), so it loads with the first page that can show a
 * toast or a dialog, not at start-up beside every first screen.
 */
import './antd-mobile-render';
import AntToast from 'antd-mobile/es/components/toast';

export { default as Dialog } from 'antd-mobile/es/components/dialog';

/**
 * Toast, one at a time: a new toast replaces the previous one at once. antd-mobile lets a toast
 * that timed out (or was cleared) fade for a moment while the next one appears in the same
 * place, so two messages overlap; the fading ones are hidden before the next is shown.
 */
export const Toast: typeof AntToast = {
  ...AntToast,
  show(props) {
    for (const mask of document.querySelectorAll<HTMLElement>('.adm-toast-mask')) {
      mask.style.display = 'none';
    }
    return AntToast.show(props);
  },
};
