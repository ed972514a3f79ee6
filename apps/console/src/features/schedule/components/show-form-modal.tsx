import { useEffect } from 'react';
import {
  Alert,
  AutoComplete,
  Col,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { showFormats, type ShowFormat } from '@marquee/contracts';
import { isApiError } from '@/lib/api/api-client';
import { chinaInstant } from '@/lib/china-time';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useCreateShow } from '../api/use-create-show';
import { useFilmOptions } from '../api/use-film-options';
import { scheduleMessages } from '../schedule-messages';
import { localNameOf } from '@/lib/local-name';

export interface HallOption {
  id: string;
  name: string;
  nameEn: string | null;
  priceAreas: { id: string; name: string; nameEn: string | null; color: string }[];
}

interface FormValues {
  hallId: string;
  filmId: string;
  startAt: Dayjs;
  language: string;
  format: ShowFormat;
  prices: Record<string, { price: number; member: number }>;
}

/** The show overlaps another of the hall: said next to the start time. */
const SHOW_OVERLAP = 40930;
const languages = ['国语', '英语', '原声', '国语配音', '粤语'];

/** Add a show: film, hall, start, language, format, and a price per price area of the hall. */
export function ShowFormModal(props: {
  open: boolean;
  halls: HallOption[];
  defaultStart: Dayjs | null;
  onClose: () => void;
}) {
  const t = scheduleMessages.useMessages();
  const common = commonMessages.useMessages();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateShow();
  const films = useFilmOptions();
  const hallId = Form.useWatch('hallId', form);
  const hall = props.halls.find((candidate) => candidate.id === hallId);

  useEffect(() => {
    if (!props.open) return;
    create.reset();
    form.resetFields();
    form.setFieldsValue({
      hallId: props.halls[0]?.id,
      language: '国语',
      format: '2D',
      startAt: props.defaultStart ?? undefined,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [props.open]);

  const submit = (values: FormValues) => {
    if (!hall) return;
    create.mutate(
      {
        hallId: values.hallId,
        filmId: values.filmId,
        startAt: chinaInstant(values.startAt),
        language: values.language,
        format: values.format,
        prices: hall.priceAreas.map((area) => ({
          areaId: area.id,
          priceFen: Math.round((values.prices?.[area.id]?.price ?? 0) * 100),
          discountPriceFen: Math.round((values.prices?.[area.id]?.member ?? 0) * 100),
        })),
      },
      {
        onSuccess: props.onClose,
        onError: (error) => {
          if (isApiError(error) && error.code === SHOW_OVERLAP) {
            form.setFields([{ name: 'startAt', errors: [error.message] }]);
          }
        },
      },
    );
  };
  const isOverlap = isApiError(create.error) && create.error.code === SHOW_OVERLAP;

  return (
    <Modal
      open={props.open}
      width={640}
      title={t('addShow')}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {create.error && !isOverlap && (
        <Alert type="error" showIcon message={create.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item
              label={t('film')}
              name="filmId"
              rules={[{ required: true, message: t('required') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={films.isLoading}
                options={(films.data?.list ?? []).map((film) => ({
                  value: film.id,
                  label: t('filmOption', { title: film.title, n: film.durationMinutes }),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label={t('hall')} name="hallId" rules={[{ required: true }]}>
              <Select options={props.halls.map((h) => ({ value: h.id, label: localNameOf(h) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              label={t('start')}
              name="startAt"
              rules={[{ required: true, message: t('required') }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 5 }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={t('language')}
              name="language"
              rules={[{ required: true, whitespace: true, message: t('required') }]}
            >
              <AutoComplete options={languages.map((value) => ({ value }))} maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('format')} name="format" rules={[{ required: true }]}>
              <Select options={showFormats.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('prices')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
          {t('memberHint')}
        </Typography.Paragraph>
        {hall ? (
          hall.priceAreas.map((area) => (
            <Row gutter={12} key={area.id} align="middle">
              <Col span={6}>
                <span
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: area.color,
                    marginRight: 8,
                  }}
                />
                {localNameOf(area)}
              </Col>
              <Col span={9}>
                <Form.Item
                  name={['prices', area.id, 'price']}
                  label={t('price')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber
                    min={0.01}
                    max={1000}
                    precision={2}
                    prefix="¥"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item
                  name={['prices', area.id, 'member']}
                  label={t('memberPrice')}
                  dependencies={[['prices', area.id, 'price']]}
                  rules={[
                    { required: true, message: t('required') },
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: number | undefined) =>
                        value === undefined ||
                        value <= (getFieldValue(['prices', area.id, 'price']) as number)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('memberHint'))),
                    }),
                  ]}
                >
                  <InputNumber
                    min={0.01}
                    max={1000}
                    precision={2}
                    prefix="¥"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
          ))
        ) : (
          <Typography.Text type="secondary">{t('pickHallFirst')}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
