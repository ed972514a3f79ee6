import { Result, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';

/** What a report shows before its figures: a spinner, or why it could not be read. */
export function ReportState(props: { query: Pick<UseQueryResult, 'isError' | 'error'> }) {
  if (props.query.isError) {
    return <Result status="warning" title={props.query.error?.message} />;
  }
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: 320 }}>
      <Spin />
    </div>
  );
}
