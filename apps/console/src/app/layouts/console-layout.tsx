import { useState } from 'react';
import {
  Button,
  ConfigProvider,
  Drawer,
  Grid,
  Layout,
  Menu,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { canUseArea, consoleAreas, type ConsoleArea } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { authMessages } from '@/features/auth/auth-messages';
import { getStaffToken } from '@/lib/api/staff-token';
import { commonMessages, roleMessages } from '@/lib/i18n/common-messages';
import { areaIcons as icons } from '../area-icons';
import { areaPaths } from '../areas';
import { menuMessages } from '../menu-messages';
import { localNameOf } from '@/lib/local-name';

/**
 * Signed-in pages: a side menu of what the role can use, a header with who and sign-out. On a
 * phone (narrower than 768 px: a cashier at the door) the menu folds into a drawer behind a
 * button, so the page gets the whole width.
 */
export function ConsoleLayout() {
  const t = menuMessages.useMessages();
  const common = commonMessages.useMessages();
  const auth = authMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const [isMenuOpen, setMenuOpen] = useState(false);

  if (!getStaffToken()) return <Navigate to="/sign-in" replace />;
  if (me.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" tip={common('loading')}>
          <div style={{ width: 120 }} />
        </Spin>
      </div>
    );
  }
  if (me.isError) return <Result status="error" title={me.error.message} />;
  const staff = me.data;
  const areas = consoleAreas.filter((area) => canUseArea(staff.role, area));
  const selected = areas.find((area) => location.pathname.startsWith(areaPaths[area]));

  const menu = (
    <Menu
      mode="inline"
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={selected ? [selected] : []}
      data-testid="console-menu"
      items={areas.map((area) => ({ key: area, icon: icons[area], label: t(area) }))}
      onClick={({ key }) => {
        setMenuOpen(false);
        navigate(areaPaths[key as ConsoleArea]);
      }}
    />
  );
  const signOutButton = (height?: number) => (
    <Button
      icon={<LogoutOutlined />}
      style={height ? { height } : undefined}
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSettled: () => navigate('/sign-in', { replace: true }),
        })
      }
    >
      {auth('signOut')}
    </Button>
  );

  if (!screens.md) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            height: 56,
            lineHeight: '56px',
            paddingInline: 4,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Button
            type="text"
            icon={<MenuOutlined style={{ fontSize: 20 }} />}
            aria-label={t('menu')}
            onClick={() => setMenuOpen(true)}
            style={{ width: 48, height: 48 }}
            data-testid="console-menu-button"
          />
          <Typography.Text strong ellipsis style={{ flex: 1, fontSize: 16 }}>
            {selected ? t(selected) : localNameOf(staff.site)}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            ellipsis
            style={{ maxWidth: 140, paddingInlineEnd: 12 }}
            data-testid="staff-name"
          >
            {staff.displayName}
          </Typography.Text>
        </Layout.Header>
        <Drawer
          placement="left"
          width={272}
          open={isMenuOpen}
          onClose={() => setMenuOpen(false)}
          title={localNameOf(staff.site)}
          styles={{ body: { padding: 0 } }}
          footer={
            <Space style={{ justifyContent: 'space-between', width: '100%' }}>
              <Tag>{roleName(staff.role)}</Tag>
              {signOutButton(44)}
            </Space>
          }
        >
          {/* Thumb-sized rows on a phone. */}
          <ConfigProvider theme={{ components: { Menu: { itemHeight: 48 } } }}>
            {menu}
          </ConfigProvider>
        </Drawer>
        <Layout.Content style={{ padding: 12 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    );
  }

  // The till needs the screen's width: its menu folds to icons and its page sits closer to the edges.
  const isTill = selected === 'boxOffice';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={208}
        collapsedWidth={64}
        collapsed={isTill}
        trigger={null}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        {!isTill && (
          <div style={{ padding: '18px 24px', fontWeight: 600, fontSize: 16 }}>
            {localNameOf(staff.site)}
          </div>
        )}
        {menu}
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
          }}
        >
          <Space size="middle">
            <Typography.Text data-testid="staff-name">{staff.displayName}</Typography.Text>
            <Tag>{roleName(staff.role)}</Tag>
            {signOutButton()}
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: isTill ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
