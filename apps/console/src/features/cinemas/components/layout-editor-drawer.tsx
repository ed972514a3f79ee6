import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Drawer,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { englishNameSchema } from '@marquee/contracts';
import {
  blankLayout,
  hallLayoutProblems,
  hallLayoutSchema,
  layoutProblemText,
  type ConsoleHall,
  type HallLayout,
} from '@marquee/contracts/console';
import { UndoOutlined, RedoOutlined } from '@ant-design/icons';
import { englishNameOf } from '@/lib/english-name';
import { closeUnlessPopupEsc, useLeaveGuard } from '@/lib/form-drawer/form-drawer';
import { commonMessages } from '@/lib/i18n/common-messages';
import { getLang } from '@/lib/i18n/i18n';
import { useHallLayout } from '../api/use-hall-layout';
import { useCreateHall, useSaveLayout } from '../api/use-save-hall';
import { cinemasMessages } from '../cinemas-messages';
import { historyKey, record, redo, replace, startHistory, undo } from '../edit-history';
import {
  brushes,
  paintRect,
  relabelRow,
  resizeLayout,
  withAreas,
  type Brush,
  type GridPoint,
} from '../layout-editing';
import { LayoutGrid } from './layout-grid';
import { LayoutPreview } from './layout-preview';
import { PriceAreasEditor } from './price-areas-editor';
import { localNameOf } from '@/lib/local-name';

export type EditorTarget = { kind: 'new'; cinemaId: string } | { kind: 'hall'; hall: ConsoleHall };

const brushLabel: Record<Brush, Parameters<ReturnType<typeof cinemasMessages.useMessages>>[0]> = {
  normal: 'brushNormal',
  couple: 'brushCouple',
  wheelchair: 'brushWheelchair',
  unavailable: 'brushUnavailable',
  aisle: 'brushAisle',
  area: 'brushArea',
};

/**
 * The seat-layout editor: a new hall (name and first layout) or the next version of a hall's
 * layout, read fresh when opened. The contracts' rules run on every stroke; the preview is what
 * moviegoers will see. Leaving with changes (Esc, 取消, the close button, a click beside) asks.
 */
export function LayoutEditorDrawer(props: { target: EditorTarget | null; onClose: () => void }) {
  const t = cinemasMessages.useMessages();
  const { target } = props;
  const hall = target?.kind === 'hall' ? target.hall : undefined;
  const current = useHallLayout(hall?.id);
  const version = current.data?.hall.layoutVersion ?? 1;
  const isReady = target?.kind === 'new' || (current.data && !current.isFetching);
  const [isDirty, setDirty] = useState(false);
  const leave = useLeaveGuard(() => isDirty, props.onClose);
  return (
    <Drawer
      open={target !== null}
      width={1320}
      onClose={closeUnlessPopupEsc(leave)}
      destroyOnHidden
      title={
        target?.kind === 'hall'
          ? t('layoutTitle', { hall: localNameOf(target.hall), n: version })
          : t('newHallTitle')
      }
    >
      {target && isReady ? (
        <LayoutEditor
          target={target}
          initial={target.kind === 'hall' ? current.data!.layout : blankLayout(8, 12)}
          version={version}
          showsOnVersion={current.data?.showsOnVersion ?? 0}
          onDirtyChange={setDirty}
          onCancel={leave}
          onClose={props.onClose}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

const hallNameEn = englishNameSchema(40);

function LayoutEditor(props: {
  target: EditorTarget;
  initial: HallLayout;
  version: number;
  showsOnVersion: number;
  /** Whether leaving now would lose changes, told as it changes. */
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  const t = cinemasMessages.useMessages();
  const common = commonMessages.useMessages();
  const { message } = App.useApp();
  const { target, version } = props;
  const create = useCreateHall();
  const save = useSaveLayout();
  const [history, setHistory] = useState(() => startHistory(props.initial));
  const layout = history.present;
  const setLayout = (next: HallLayout) => setHistory((h) => record(h, next));
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [brush, setBrush] = useState<Brush>('normal');
  const [area, setArea] = useState(props.initial.areas[0]?.code ?? 'standard');
  const stroke = useRef<{ from: GridPoint; base: HallLayout } | null>(null);
  // Undoing every step gives back the very layout the editor opened with.
  const isDirty = name.trim() !== '' || nameEn.trim() !== '' || layout !== props.initial;
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const startStroke = (point: GridPoint) => {
    stroke.current = { from: point, base: layout };
    setHistory((h) => record(h, paintRect(layout, point, point, brush, area)));
  };
  const moveStroke = (point: GridPoint) => {
    const current = stroke.current;
    if (!current) return;
    setHistory((h) => replace(h, paintRect(current.base, current.from, point, brush, area)));
  };
  const endStroke = useCallback(() => {
    stroke.current = null;
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const step = historyKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        isInTextField:
          target?.closest('textarea, [contenteditable="true"]') != null ||
          (target instanceof HTMLInputElement &&
            !['radio', 'checkbox', 'button', 'color'].includes(target.type)),
      });
      if (!step) return;
      event.preventDefault();
      setHistory(step === 'undo' ? undo : redo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const problems = useMemo(() => hallLayoutProblems(layout), [layout]);
  const error = create.error ?? save.error;
  // English names are checked by the contract's shape, which the server checks again.
  const isEnglishBad =
    !hallLayoutSchema.safeParse(layout).success || !hallNameEn.safeParse(nameEn).success;
  const canSave =
    problems.length === 0 && !isEnglishBad && (target.kind !== 'new' || name.trim() !== '');

  const submit = () => {
    if (target.kind === 'new') {
      create.mutate(
        { cinemaId: target.cinemaId, name: name.trim(), nameEn: englishNameOf(nameEn), layout },
        {
          onSuccess: () => {
            void message.success(t('hallCreated'));
            props.onClose();
          },
        },
      );
    } else {
      save.mutate(
        { hallId: target.hall.id, baseVersion: version, layout },
        {
          onSuccess: (saved) => {
            void message.success(t('layoutSaved', { n: saved.layoutVersion }));
            props.onClose();
          },
        },
      );
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon message={error.message} />}
      <Space wrap size={16}>
        <Space>
          <Button onClick={props.onCancel}>{common('cancel')}</Button>
          <Button
            type="primary"
            disabled={!canSave}
            loading={create.isPending || save.isPending}
            onClick={submit}
          >
            {target.kind === 'new' ? t('createHall') : t('saveLayout')}
          </Button>
        </Space>
        {target.kind === 'new' && (
          <Space>
            <Typography.Text>{t('hallName')}</Typography.Text>
            <Input
              aria-label={t('hallName')}
              value={name}
              maxLength={20}
              onChange={(event) => setName(event.target.value)}
              style={{ width: 160 }}
            />
            <Typography.Text>{t('hallNameEn')}</Typography.Text>
            <Input
              aria-label={t('hallNameEn')}
              value={nameEn}
              maxLength={40}
              placeholder="Hall 1"
              status={hallNameEn.safeParse(nameEn).success ? undefined : 'error'}
              onChange={(event) => setNameEn(event.target.value)}
              style={{ width: 160 }}
            />
          </Space>
        )}
        <Space.Compact>
          <Button
            icon={<UndoOutlined />}
            disabled={history.past.length === 0}
            onClick={() => setHistory(undo)}
            title={`${t('undo')} (Ctrl+Z)`}
          >
            {t('undo')}
          </Button>
          <Button
            icon={<RedoOutlined />}
            disabled={history.future.length === 0}
            onClick={() => setHistory(redo)}
            title={`${t('redo')} (Ctrl+Shift+Z)`}
          >
            {t('redo')}
          </Button>
        </Space.Compact>
        <Space>
          <Typography.Text>{t('rows')}</Typography.Text>
          <InputNumber
            aria-label={t('rows')}
            min={1}
            max={40}
            value={layout.rows.length}
            onChange={(rows) => rows && setLayout(resizeLayout(layout, rows, layout.columns, area))}
            style={{ width: 70 }}
          />
          <Typography.Text>{t('columns')}</Typography.Text>
          <InputNumber
            aria-label={t('columns')}
            min={1}
            max={60}
            value={layout.columns}
            onChange={(columns) =>
              columns && setLayout(resizeLayout(layout, layout.rows.length, columns, area))
            }
            style={{ width: 70 }}
          />
        </Space>
        <Space>
          <Typography.Text>{t('brush')}</Typography.Text>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            value={brush}
            onChange={(event) => setBrush(event.target.value as Brush)}
            options={brushes.map((value) => ({ value, label: t(brushLabel[value]) }))}
          />
        </Space>
        <Space>
          <Typography.Text>{t('area')}</Typography.Text>
          <Select
            aria-label={t('area')}
            size="small"
            value={area}
            onChange={setArea}
            style={{ width: 150 }}
            options={layout.areas.map((a) => ({
              value: a.code,
              label: (
                <span>
                  <i className="area-swatch" style={{ background: a.color }} />
                  {localNameOf(a)}
                </span>
              ),
            }))}
          />
        </Space>
      </Space>
      {target.kind === 'hall' && (
        <Alert
          type="info"
          showIcon
          message={t('versionNote', {
            shows: props.showsOnVersion,
            n: version,
            next: version + 1,
          })}
        />
      )}
      <div className="layout-editor">
        <div className="layout-editor__canvas">
          <Typography.Paragraph type="secondary" style={{ margin: '8px 8px 0' }}>
            {t('gridHint')}
          </Typography.Paragraph>
          <LayoutGrid
            layout={layout}
            onPaintStart={startStroke}
            onPaintMove={moveStroke}
            onPaintEnd={endStroke}
            onLabel={(y, label) => setLayout(relabelRow(layout, y, label))}
          />
        </div>
        <div className="layout-editor__side">
          <Typography.Text strong>{t('preview')}</Typography.Text>
          <LayoutPreview layout={layout} />
          {problems.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="layout-problems"
              message={t('problems', { n: problems.length })}
              description={
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {problems.slice(0, 5).map((problem, i) => (
                    <li key={i}>{layoutProblemText(problem, getLang())}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            <Alert type="success" showIcon message={t('noProblems')} />
          )}
          <Typography.Text strong>{t('areas')}</Typography.Text>
          <PriceAreasEditor
            layout={layout}
            onChange={(areas) => {
              setLayout(withAreas(layout, areas));
              if (!areas.some((a) => a.code === area)) setArea(areas[0]!.code);
            }}
          />
        </div>
      </div>
    </Space>
  );
}
