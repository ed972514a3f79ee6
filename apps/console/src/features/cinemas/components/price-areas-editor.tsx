import { App, Button, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { englishNameSchema } from '@marquee/contracts';
import { LAYOUT_MAX_AREAS, type HallLayout, type LayoutArea } from '@marquee/contracts/console';
import { englishNameMessages } from '@/lib/english-name';
import { getLang } from '@/lib/i18n/i18n';
import { cinemasMessages } from '../cinemas-messages';
import { areaPalette, seatsInArea } from '../layout-editing';
import { localNameOf } from '@/lib/local-name';

const areaNameEn = englishNameSchema(30);

/**
 * The layout's price areas: name, optional English name and colour each. Staff never see an
 * area's code (the console makes one for a new area). An area still pricing seats is not removed:
 * the editor says which seats to repaint first.
 */
export function PriceAreasEditor(props: {
  layout: HallLayout;
  onChange: (areas: LayoutArea[]) => void;
}) {
  const t = cinemasMessages.useMessages();
  const en = englishNameMessages.useMessages();
  const { modal } = App.useApp();
  const { areas } = props.layout;
  const change = (index: number, patch: Partial<LayoutArea>) =>
    props.onChange(areas.map((area, i) => (i === index ? { ...area, ...patch } : area)));
  const remove = (index: number) => {
    const area = areas[index]!;
    const seats = seatsInArea(props.layout, area.code, getLang());
    if (seats.length === 0) return props.onChange(areas.filter((_, i) => i !== index));
    const shown = seats.slice(0, 12).join(getLang() === 'en' ? '; ' : '、');
    void modal.info({
      title: t('areaInUseTitle', { name: localNameOf(area) }),
      content: t(seats.length > 12 ? 'areaInUseMany' : 'areaInUse', {
        n: seats.length,
        seats: shown,
      }),
    });
  };
  const add = () => {
    const taken = new Set(areas.map((area) => area.code));
    let n = areas.length + 1;
    while (taken.has(`area${n}`)) n += 1;
    props.onChange([
      ...areas,
      { code: `area${n}`, name: `${t('area')} ${n}`, color: areaPalette[areas.length % 8]! },
    ]);
  };

  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }}>
      {areas.map((area, index) => {
        const isEnglishBad = !areaNameEn.safeParse(area.nameEn ?? '').success;
        return (
          <Space key={index} direction="vertical" size={2}>
            <Space size={6}>
              <input
                type="color"
                aria-label={`${t('areaColor')} ${index + 1}`}
                value={area.color}
                onChange={(event) => change(index, { color: event.target.value })}
                style={{ width: 32, height: 28, padding: 0, border: 'none', background: 'none' }}
              />
              <Input
                size="small"
                aria-label={`${t('areaName')} ${index + 1}`}
                placeholder={t('areaName')}
                value={area.name}
                maxLength={20}
                onChange={(event) => change(index, { name: event.target.value })}
                style={{ width: 200 }}
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('removeArea')}
                disabled={areas.length <= 1}
                onClick={() => remove(index)}
              />
            </Space>
            <Input
              size="small"
              aria-label={`${t('areaNameEn')} ${index + 1}`}
              placeholder={t('areaNameEn')}
              value={area.nameEn ?? ''}
              maxLength={30}
              status={isEnglishBad ? 'error' : undefined}
              onChange={(event) => change(index, { nameEn: event.target.value || null })}
              style={{ width: 246, marginLeft: 38 }}
            />
            {isEnglishBad && (
              <Typography.Text type="danger" style={{ marginLeft: 38, fontSize: 12 }}>
                {en('invalid')}
              </Typography.Text>
            )}
          </Space>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={add}
        disabled={areas.length >= LAYOUT_MAX_AREAS}
      >
        {t('addArea')}
      </Button>
    </Space>
  );
}
