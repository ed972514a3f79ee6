import { Button, Dropdown, Tag, Tooltip, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { ScheduleShow } from '@marquee/contracts/console';
import { formatYuan } from '@marquee/contracts';
import { chinaTime } from '@/lib/china-time';
import { scheduleMessages } from '../schedule-messages';
import { seatBoardMessages } from '../seat-board-messages';
import { showEditMessages } from '../show-edit-messages';

/** One show in the week view: time, film, prices, sales; stop sales or cancel from its menu. */
export function ShowBlock(props: {
  show: ScheduleShow;
  areaNames: Map<string, string>;
  onOffSale: (show: ScheduleShow) => void;
  onCancel: (show: ScheduleShow) => void;
  onSeats: (show: ScheduleShow) => void;
  onEdit: (show: ScheduleShow) => void;
}) {
  const t = scheduleMessages.useMessages();
  const seatsText = seatBoardMessages.useMessages();
  const editText = showEditMessages.useMessages();
  const { show } = props;
  const isCancelled = show.cancelledAt !== null;
  const minPrice = Math.min(...show.prices.map((p) => p.priceFen));
  const minMember = Math.min(...show.prices.map((p) => p.discountPriceFen));
  const priceList = show.prices
    .map(
      (p) =>
        `${props.areaNames.get(p.areaId) ?? ''} ¥${formatYuan(p.priceFen)} / ${t('memberPrice')} ¥${formatYuan(p.discountPriceFen)}`,
    )
    .join('\n');
  const color = isCancelled ? '#ff4d4f' : show.isOnSale ? '#1677ff' : '#bfbfbf';
  return (
    <div
      className="show-block"
      data-testid="show-block"
      data-show-id={show.showId}
      style={{
        borderLeft: `3px solid ${color}`,
        background: isCancelled ? '#fff1f0' : show.isOnSale ? '#f0f5ff' : '#fafafa',
        borderRadius: 4,
        padding: '4px 4px 4px 6px',
        marginBottom: 6,
        position: 'relative',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography.Text strong style={{ fontSize: 12 }} delete={isCancelled}>
          {chinaTime(show.startAt).format('HH:mm')}–{chinaTime(show.endAt).format('HH:mm')}
        </Typography.Text>
        {!isCancelled && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'seats', label: seatsText('menuItem') },
                { key: 'edit', label: editText('menuItem') },
                { key: 'offSale', label: t('offSale'), disabled: !show.isOnSale },
                { key: 'cancel', label: t('cancelShow'), danger: true },
              ],
              onClick: ({ key }) =>
                key === 'seats'
                  ? props.onSeats(show)
                  : key === 'edit'
                    ? props.onEdit(show)
                    : key === 'offSale'
                      ? props.onOffSale(show)
                      : props.onCancel(show),
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('actions')}
              style={{ height: 18, width: 18 }}
            />
          </Dropdown>
        )}
      </div>
      <Typography.Text
        ellipsis={{ tooltip: show.filmTitle }}
        style={{ display: 'block', fontSize: 12 }}
        delete={isCancelled}
      >
        {show.filmTitle}
      </Typography.Text>
      <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{priceList}</span>}>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {show.format} · {show.language} · ¥{formatYuan(minPrice)}/{formatYuan(minMember)}
        </Typography.Text>
      </Tooltip>
      <div style={{ marginTop: 2 }}>
        {isCancelled ? (
          <Tooltip title={show.cancelReason}>
            <Tag color="red" style={{ fontSize: 11, marginInlineEnd: 4 }}>
              {t('cancelled')}
            </Tag>
          </Tooltip>
        ) : (
          !show.isOnSale && <Tag style={{ fontSize: 11, marginInlineEnd: 4 }}>{t('stopped')}</Tag>
        )}
        {show.ticketedSeats > 0 && (
          <Tag color="green" style={{ fontSize: 11 }}>
            {t('sold', { n: show.ticketedSeats })}
          </Tag>
        )}
      </div>
    </div>
  );
}
