import { useState } from 'react';
import { Alert, App, Button, Divider, Input, Modal, Space, Spin, Typography } from 'antd';
import { seatNames } from '@marquee/contracts';
import type { ScheduleShow } from '@marquee/contracts/console';
import { chinaTime } from '@/lib/china-time';
import { commonMessages } from '@/lib/i18n/common-messages';
import { getLang } from '@/lib/i18n/i18n';
import { useReseat } from '../api/use-reseat';
import { useSeatBlocks } from '../api/use-seat-blocks';
import { useShowSeatBoard } from '../api/use-show-seat-board';
import { scheduleMessages } from '../schedule-messages';
import { seatBoardMessages } from '../seat-board-messages';
import { AffectedOrders } from './affected-orders';
import { SeatGrid, SeatLegend } from './seat-grid';

/**
 * A show's seats for staff: select seats, mark them broken (with what is broken) or repaired; the
 * orders on broken seats are listed with the nearest free seats of their area, moved in one action.
 * Keyed by show in the parent: another show starts with no selection and no old error.
 */
export function ShowSeatsModal(props: { show: ScheduleShow | null; onClose: () => void }) {
  const t = seatBoardMessages.useMessages();
  const common = commonMessages.useMessages();
  const schedule = scheduleMessages.useMessages();
  const { message, modal } = App.useApp();
  const showId = props.show?.showId ?? '';
  const board = useShowSeatBoard(props.show?.showId);
  const { block, unblock } = useSeatBlocks(showId);
  const reseat = useReseat(showId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');

  const data = board.data;
  const seats = data?.rows.flatMap((row) => row.seats) ?? [];
  const chosen = seats.filter((seat) => selected.has(seat.id));
  const toggle = (seat: { id: string }) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(seat.id)) next.delete(seat.id);
      else next.add(seat.id);
      return next;
    });
  const done = () => setSelected(new Set());
  const markBroken = () =>
    block.mutate(
      { showId, seatIds: [...selected], reason: reason.trim() },
      { onSuccess: () => (done(), void message.success(t('blocked', { n: chosen.length }))) },
    );
  const repair = () =>
    unblock.mutate(
      { showId, seatIds: [...selected] },
      { onSuccess: () => (done(), void message.success(t('repaired'))) },
    );
  const movable = data?.affected.filter((order) => order.proposal !== null) ?? [];
  const applyAll = () =>
    modal.confirm({
      title: t('applyConfirm', { n: movable.length }),
      okText: t('applyAll', { n: movable.length }),
      cancelText: common('cancel'),
      onOk: () =>
        reseat
          .mutateAsync({
            showId,
            moves: movable.flatMap((order) =>
              order.proposal!.map((move) => ({
                orderId: order.orderId,
                fromSeatId: move.fromSeatId,
                toSeatId: move.toSeatId,
              })),
            ),
          })
          .then(
            (answer) =>
              void message.success(
                t('applied', { orders: answer.movedOrders, seats: answer.movedSeats }),
              ),
            () => undefined,
          ),
    });
  const error = block.error ?? unblock.error ?? reseat.error ?? board.error;
  const isReasonShort = reason.trim().length < 2;

  return (
    <Modal
      open={props.show !== null}
      width={1100}
      title={
        props.show
          ? t('title', {
              film: props.show.filmTitle,
              time: chinaTime(props.show.startAt).format('MM-DD HH:mm'),
              hall: props.show.hallName,
            })
          : ''
      }
      footer={<Button onClick={props.onClose}>{schedule('close')}</Button>}
      onCancel={props.onClose}
      destroyOnHidden
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          {data.show.isCancelled && <Alert type="info" showIcon message={t('ended')} />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('hint')}
          </Typography.Paragraph>
          <SeatLegend board={data} />
          <SeatGrid board={data} selected={selected} onToggle={toggle} />
          <Space wrap style={{ width: '100%', marginTop: 8 }} data-testid="seat-actions">
            <Typography.Text strong>
              {chosen.length === 0
                ? t('none')
                : t('selected', {
                    n: chosen.length,
                    seats: seatNames(
                      chosen.map((s) => s.label),
                      getLang(),
                    ),
                  })}
            </Typography.Text>
            <Input
              style={{ width: 260 }}
              maxLength={100}
              aria-label={t('reason')}
              placeholder={t('reasonPlaceholder')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button
              danger
              type="primary"
              disabled={chosen.length === 0 || isReasonShort}
              title={isReasonShort ? t('reasonShort') : undefined}
              loading={block.isPending}
              onClick={markBroken}
            >
              {t('markBroken')}
            </Button>
            <Button
              disabled={!chosen.some((seat) => seat.block)}
              loading={unblock.isPending}
              onClick={repair}
            >
              {t('repair')}
            </Button>
            <Button type="link" disabled={chosen.length === 0} onClick={done}>
              {t('clear')}
            </Button>
          </Space>
          {error && (
            <Alert type="error" showIcon message={error.message} style={{ marginTop: 12 }} />
          )}
          <Divider orientation="left" style={{ margin: '16px 0 8px' }}>
            {t('affectedTitle', { n: data.affected.length })}
          </Divider>
          <AffectedOrders orders={data.affected} />
          {movable.length > 0 && (
            <div style={{ textAlign: 'right', marginTop: 12 }}>
              <Button type="primary" loading={reseat.isPending} onClick={applyAll}>
                {t('applyAll', { n: movable.length })}
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
