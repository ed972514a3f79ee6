import { useState } from 'react';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StaffRole, StaffView } from '@marquee/contracts/console';
import { cinemaDateTimeOf } from '@marquee/contracts';
import { roleMessages } from '@/lib/i18n/common-messages';
import { useDeactivateStaff } from '../api/use-deactivate-staff';
import { useStaffList } from '../api/use-staff-list';
import { staffMessages } from '../staff-messages';
import { ResetPasswordModal } from './reset-password-modal';
import { StaffFormModal } from './staff-form-modal';
import { localNamesOf } from '@/lib/local-name';
import { DataTable } from '@/lib/data-table';

const roleColor: Record<StaffRole, string> = { owner: 'gold', manager: 'blue', cashier: 'green' };

/** The staff page: a paged table; owners add, edit, reset passwords and deactivate. */
export function StaffTable(props: {
  canManage: boolean;
  cinemas: { id: string; name: string }[];
  selfId: string;
}) {
  const t = staffMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const list = useStaffList(page);
  const deactivate = useDeactivateStaff();
  const [editing, setEditing] = useState<StaffView | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [resetting, setResetting] = useState<StaffView | null>(null);

  const confirmDeactivate = (staff: StaffView) =>
    modal.confirm({
      title: t('deactivateConfirm', { name: staff.displayName }),
      okButtonProps: { danger: true },
      okText: t('deactivate'),
      onOk: () =>
        deactivate.mutateAsync(staff.id).then(
          () => void message.success(t('deactivated')),
          (error: Error) => void message.error(error.message),
        ),
    });

  return (
    <Card
      title={t('title')}
      extra={
        props.canManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('add')}
          </Button>
        )
      }
    >
      {!props.canManage && (
        <Typography.Paragraph type="secondary">{t('readOnlyHint')}</Typography.Paragraph>
      )}
      <DataTable<StaffView>
        // Names and dates stay on one line; a narrow tablet scrolls the table sideways instead.
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('username'), dataIndex: 'username' },
          { title: t('displayName'), dataIndex: 'displayName' },
          {
            title: t('role'),
            dataIndex: 'role',
            render: (role: StaffRole) => <Tag color={roleColor[role]}>{roleName(role)}</Tag>,
          },
          {
            title: t('cinemas'),
            render: (_, staff) =>
              staff.role === 'owner' ? t('allCinemas') : localNamesOf(staff.cinemas),
          },
          {
            title: t('status'),
            render: (_, staff) =>
              !staff.isActive ? (
                <Tag>{t('deactivated')}</Tag>
              ) : staff.isLocked ? (
                <Tag color="red">{t('locked')}</Tag>
              ) : (
                <Tag color="success">{t('active')}</Tag>
              ),
          },
          {
            title: t('createdAt'),
            dataIndex: 'createdAt',
            render: (at: string) => cinemaDateTimeOf(at),
          },
          ...(props.canManage
            ? [
                {
                  title: t('actions'),
                  key: 'actions',
                  // Stays in view when a tablet scrolls the table sideways.
                  fixed: 'right' as const,
                  render: (_: unknown, staff: StaffView) =>
                    staff.isActive && (
                      <Space size={0} wrap={false}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => {
                            setEditing(staff);
                            setFormOpen(true);
                          }}
                        >
                          {t('edit')}
                        </Button>
                        <Button type="link" size="small" onClick={() => setResetting(staff)}>
                          {t('resetPassword')}
                        </Button>
                        {staff.id !== props.selfId && (
                          <Button
                            type="link"
                            size="small"
                            danger
                            onClick={() => confirmDeactivate(staff)}
                          >
                            {t('deactivate')}
                          </Button>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <StaffFormModal
        open={isFormOpen}
        editing={editing}
        cinemas={props.cinemas}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          void message.success(t('saved'));
        }}
      />
      <ResetPasswordModal
        staff={resetting}
        onClose={() => setResetting(null)}
        onDone={() => {
          setResetting(null);
          void message.success(t('resetDone'));
        }}
      />
    </Card>
  );
}
