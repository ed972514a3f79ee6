import { useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  couponAuditActions,
  goodsAuditActions,
  orderAuditActions,
  staffAuditActions,
  type AuditEntry,
} from '@marquee/contracts/console';
import { cinemaDateTimeOf } from '@marquee/contracts';
import { useAuditList, type AuditFilter } from '../api/use-audit-list';
import { useStaffOptions } from '../api/use-staff-options';
import { auditMessages } from '../audit-messages';

type Key = Parameters<ReturnType<typeof auditMessages.useMessages>>[0];
const auditActions = [
  ...staffAuditActions,
  ...orderAuditActions,
  ...goodsAuditActions,
  ...couponAuditActions,
];
const labelled: readonly string[] = [
  ...auditActions,
  'staff',
  'order',
  'goods',
  'goods_category',
  'goods_variant',
  'couponCampaign',
];
const known = (value: string): value is Key => labelled.includes(value);

function JsonBlock(props: { value: unknown; empty: string }) {
  if (props.value === null || props.value === undefined) {
    return <Typography.Text type="secondary">{props.empty}</Typography.Text>;
  }
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(props.value, null, 2)}
    </pre>
  );
}

/** The owner's audit log: filter by staff, action, entity and time; expand a row for the change. */
export function AuditTable() {
  const t = auditMessages.useMessages();
  const [filter, setFilter] = useState<AuditFilter>({ pageNum: 1, pageSize: 20 });
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const list = useAuditList(filter);
  const staffOptions = useStaffOptions();
  const change = (next: Partial<AuditFilter>) => setFilter((f) => ({ ...f, ...next, pageNum: 1 }));
  const name = (value: string) => (known(value) ? t(value) : value);

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('byStaff')}
          style={{ width: 180 }}
          value={filter.staffId}
          options={staffOptions.data ?? []}
          onChange={(staffId?: string) => change({ staffId })}
        />
        <Select
          allowClear
          placeholder={t('byAction')}
          style={{ width: 140 }}
          value={filter.action}
          options={auditActions.map((value) => ({
            value,
            label: name(value),
          }))}
          onChange={(action?: string) => change({ action })}
        />
        <Input.Search
          allowClear
          placeholder={t('byEntity')}
          style={{ width: 150 }}
          onSearch={(entity) => change({ entity: entity.trim() || undefined })}
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          placeholder={[t('from'), t('to')]}
          onChange={(value) => {
            setRange(value);
            change({
              from: value?.[0]?.toISOString(),
              to: value?.[1]?.toISOString(),
            });
          }}
        />
        <Button
          onClick={() => {
            setRange(null);
            setFilter({ pageNum: 1, pageSize: filter.pageSize });
          }}
        >
          {t('reset')}
        </Button>
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        expandable={{
          expandedRowRender: (entry) => (
            <Space align="start" size="large" style={{ width: '100%' }}>
              <div style={{ minWidth: 320 }}>
                <Typography.Text strong>{t('before')}</Typography.Text>
                <JsonBlock value={entry.before} empty={t('none')} />
              </div>
              <div style={{ minWidth: 320 }}>
                <Typography.Text strong>{t('after')}</Typography.Text>
                <JsonBlock value={entry.after} empty={t('none')} />
              </div>
            </Space>
          ),
        }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
        }}
        columns={[
          {
            title: t('at'),
            dataIndex: 'at',
            width: 200,
            render: (at: string) => cinemaDateTimeOf(at),
          },
          {
            title: t('actor'),
            dataIndex: 'actor',
            render: (actor: string) => (actor === 'cli' ? t('cli') : actor),
          },
          { title: t('action'), dataIndex: 'action', render: name },
          { title: t('entity'), dataIndex: 'entity', render: name },
          {
            title: t('entityId'),
            dataIndex: 'entityId',
            render: (id: string | null) => (
              <Typography.Text type="secondary" copyable={id ? { text: id } : false}>
                {id ? id.slice(0, 8) : '—'}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
