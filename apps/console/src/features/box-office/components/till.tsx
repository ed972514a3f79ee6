import { useCallback, useState } from 'react';
import { Alert, App, Button, Segmented, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { CounterPayAnswer, CounterSale, CounterShow } from '@marquee/contracts/console';
import { chinaClock } from '@/lib/china-time';
import { useCounterShows } from '../api/use-counter-shows';
import { useTillSeats } from '../api/use-till-seats';
import { boxOfficeMessages } from '../box-office-messages';
import { useTillSale } from '../hooks/use-till-sale';
import { BasketPanel } from './basket-panel';
import { PayDrawer } from './pay-drawer';
import { SaleDoneModal } from './sale-done-modal';
import { ShowTiles } from './show-tiles';
import { SnackGrid } from './snack-grid';
import { TillSeatLegend, TillSeatMapView } from './till-seat-map';

type Pane = 'seats' | 'snacks';

/**
 * Selling at the counter: today's shows as tiles; a show's live seat map; the snacks; the basket
 * with one total; payment; the paid sale's change and printing.
 */
export function Till(props: { cinemaId: string }) {
  const t = boxOfficeMessages.useMessages();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const shows = useCounterShows(props.cinemaId);
  const [show, setShow] = useState<CounterShow | null>(null);
  const [pane, setPane] = useState<Pane>('seats');
  const seats = useTillSeats(show?.showId ?? '', show !== null);
  const sale = useTillSale({ show, layout: seats.layout, map: seats.map });
  const [paying, setPaying] = useState<CounterSale | null>(null);
  const [paid, setPaid] = useState<CounterPayAnswer | null>(null);

  const leaveShow = () => {
    if (sale.chosen.size === 0) {
      sale.reset();
      setShow(null);
      return;
    }
    modal.confirm({
      title: t('leaveShowTitle'),
      content: t('leaveShowText', { count: sale.chosen.size }),
      okText: t('leaveShowOk'),
      cancelText: t('keep'),
      okButtonProps: { danger: true },
      onOk: () => {
        sale.reset();
        setShow(null);
      },
    });
  };
  const clear = () =>
    modal.confirm({
      title: t('clearTitle'),
      content: t('clearText'),
      okText: t('clearOk'),
      cancelText: t('keep'),
      okButtonProps: { danger: true, 'data-testid': 'clear-confirm' },
      onOk: () => sale.reset(),
    });
  const startPaying = async () => {
    const ready = await sale.prepareToPay();
    if (ready) setPaying(ready);
  };
  const onPaid = useCallback((answer: CounterPayAnswer) => {
    setPaying(null);
    setPaid(answer);
  }, []);
  const next = () => {
    setPaid(null);
    sale.reset({ isPaid: true });
    setShow(null);
    setPane('seats');
    void queryClient.invalidateQueries({ queryKey: ['console', 'box-office'] });
  };

  const left = (() => {
    if (pane === 'snacks') {
      return (
        <SnackGrid
          cinemaId={props.cinemaId}
          basket={sale.basket}
          isDisabled={sale.sale === null}
          onAdd={sale.addSnack}
        />
      );
    }
    if (!show) {
      if (shows.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
      if (shows.isError) return <Alert type="error" showIcon message={shows.error.message} />;
      return (
        <ShowTiles
          shows={shows.data.shows}
          onPick={(picked) => {
            sale.reset();
            setShow(picked);
          }}
        />
      );
    }
    if (seats.error) return <Alert type="error" showIcon message={seats.error.message} />;
    if (!seats.map || !seats.layout)
      return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    return (
      <>
        <TillSeatMapView
          map={seats.map}
          priceAreas={seats.layout.priceAreas}
          mine={sale.chosen}
          onToggle={sale.toggleSeat}
        />
        <TillSeatLegend priceAreas={seats.layout.priceAreas} isLive={seats.isLive} />
      </>
    );
  })();

  return (
    <div style={{ display: 'flex', gap: 12, flex: 1, minHeight: 0 }} data-testid="till">
      <div
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          background: '#fff',
          border: '1px solid #f0f0f0',
          borderRadius: 10,
          padding: 12,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          {show ? (
            <>
              <Button
                icon={<ArrowLeftOutlined />}
                onClick={leaveShow}
                style={{ height: 44 }}
                data-testid="back-to-shows"
              >
                {t('backToShows')}
              </Button>
              <Typography.Text strong style={{ fontSize: 17 }} ellipsis>
                {chinaClock(show.startAt)} {show.filmTitle} · {show.hallName}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text strong style={{ fontSize: 17 }}>
              {t('showsTitle', { cinema: shows.data?.cinemaName ?? '' })}
            </Typography.Text>
          )}
          <span style={{ flex: 1 }} />
          <Segmented
            size="large"
            value={pane}
            onChange={(value) => setPane(value as Pane)}
            options={[
              { value: 'seats', label: t('paneSeats') },
              { value: 'snacks', label: t('snacksTitle') },
            ]}
            data-testid="till-pane"
          />
        </div>
        {left}
      </div>
      <div style={{ width: 'clamp(280px, 28vw, 360px)', flexShrink: 0, minHeight: 0 }}>
        <BasketPanel
          basket={sale.basket}
          show={show}
          holdExpiresAt={sale.sale?.holdExpiresAt ?? null}
          isHolding={sale.isHolding || sale.isPreparing}
          canPay={sale.canPay}
          problem={sale.problem}
          onQuantity={sale.setSnackQuantity}
          onClear={clear}
          onPay={() => void startPaying()}
        />
      </div>
      <PayDrawer
        key={paying?.orderId ?? 'none'}
        sale={paying}
        onClose={() => setPaying(null)}
        onPaid={onPaid}
      />
      <SaleDoneModal key={paid?.sale.orderId ?? 'none'} answer={paid} onNext={next} />
    </div>
  );
}
