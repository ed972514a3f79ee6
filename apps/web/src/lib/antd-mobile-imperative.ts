/**
 * antd-mobile's Toast and Dialog, the parts it mounts outside the page's tree (Toast.show,
 * Dialog.confirm). Import them from here, never from antd-mobile itself: this module installs the
 * mount they need first (antd-mobile-render.ts), so it loads with the first page that can show a
 * toast or a dialog, not at start-up beside every first screen.
 */
import './antd-mobile-render';

export { default as Toast } from 'antd-mobile/es/components/toast';
export { default as Dialog } from 'antd-mobile/es/components/dialog';
