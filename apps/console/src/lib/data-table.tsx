import type { ReactNode } from 'react';
import { Empty, Table, type TableProps } from 'antd';
import { commonMessages } from './i18n/common-messages';

/**
 * The console's one list table: loading, an empty state and pagination in the console's
 * language, a medium size and rows keyed by `id` unless told otherwise. Lists paged in the
 * browser give `pageSize`; lists paged by the server pass their own `pagination`.
 */
export function DataTable<T extends object>(
  props: TableProps<T> & {
    /** What an empty list says ("no films yet"); the console's plain "nothing here" otherwise. */
    emptyText?: ReactNode;
    /** "12 films": the count under the list, in the feature's words. */
    totalText?: (total: number) => string;
    pageSize?: number;
  },
) {
  const common = commonMessages.useMessages();
  const { emptyText, totalText, pageSize = 10, pagination, ...table } = props;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...table}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? common('empty')} />
        ),
      }}
      pagination={
        pagination === false
          ? false
          : {
              pageSize,
              showSizeChanger: false,
              showTotal: totalText ?? ((total) => common('totalRows', { total })),
              ...pagination,
            }
      }
    />
  );
}
