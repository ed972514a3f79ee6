import { useState, type ReactNode } from 'react';
import { Alert, Select, Spin } from 'antd';
import type { OrderStatus } from '@marquee/contracts';
import type { Shift } from '@marquee/contracts/console';
import { useCurrentShift } from '../api/use-shift';
import { CloseShiftDrawer } from './close-shift-drawer';
import { OpenShiftPanel } from './open-shift-panel';
import { OrderLookupDrawer } from './order-lookup-drawer';
import { ShiftBar } from './shift-bar';
import { Till } from './till';
import { localNameOf } from '@/lib/local-name';

/**
 * The box office: without an open shift, opening one (the float counted); in a shift, the till
 * with the shift's line on top (the drawer's cash, look-up for refunds and reprints, closing).
 * The page fills the window's height so nothing at the till scrolls away.
 */
export function BoxOfficeView(props: {
  cinemas: readonly { id: string; name: string }[];
  statusTag: (status: OrderStatus) => ReactNode;
  onDayClose?: () => void;
}) {
  const current = useCurrentShift();
  const [closing, setClosing] = useState<Shift | null>(null);
  const [isLookupOpen, setLookupOpen] = useState(false);
  const [cinemaId, setCinemaId] = useState<string | undefined>(
    props.cinemas.length === 1 ? props.cinemas[0]!.id : undefined,
  );

  if (current.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (current.isError) return <Alert type="error" showIcon message={current.error.message} />;
  const { shift } = current.data;

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 10,
        // The console's header (64) and the page's padding (2 × 12).
        height: 'calc(100vh - 88px)',
        minHeight: 560,
      }}
      data-testid="box-office"
    >
      {shift ? (
        <>
          <ShiftBar
            shift={shift}
            onLookup={() => setLookupOpen(true)}
            onCloseShift={() => setClosing(shift)}
            onDayClose={props.onDayClose}
          />
          <Till cinemaId={shift.cinemaId} />
        </>
      ) : (
        <div style={{ overflow: 'auto' }}>
          {props.cinemas.length > 1 && (
            <div style={{ maxWidth: 480, margin: '0 auto' }}>
              <Select
                size="large"
                style={{ width: '100%' }}
                value={cinemaId}
                onChange={setCinemaId}
                options={props.cinemas.map((cinema) => ({
                  value: cinema.id,
                  label: localNameOf(cinema),
                }))}
                data-testid="shift-cinema"
              />
            </div>
          )}
          {!closing && <OpenShiftPanel cinemaId={cinemaId} />}
        </div>
      )}
      <CloseShiftDrawer shift={closing} onClose={() => setClosing(null)} />
      {/* A fresh look-up each time: nothing of the last customer's order stays behind. */}
      <OrderLookupDrawer
        key={isLookupOpen ? 'open' : 'closed'}
        open={isLookupOpen}
        onClose={() => setLookupOpen(false)}
        statusTag={props.statusTag}
      />
    </div>
  );
}
