import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's App (the message, notification and modal hooks every page calls through `App.useApp`)
 * around every page. It loads beside the first page rather than in the entry: its dialogs and
 * toasts are a fifth of what the entry would otherwise weigh.
 */
export function AppShell() {
  return (
    <AntApp>
      <Outlet />
    </AntApp>
  );
}
