import { useEffect } from 'react';
import {
  App,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import {
  CAMPAIGN_MAX_PER_USER,
  CAMPAIGN_MAX_QUANTITY,
  type ConsoleCampaign,
} from '@marquee/contracts/console';
import { formatYuan } from '@marquee/contracts';
import { chinaTime } from '@/lib/china-time';
import { FormDrawer, useFormGuard } from '@/lib/form-drawer/form-drawer';
import { useCreateCampaign, useUpdateCampaign } from '../api/use-campaigns';
import {
  campaignFieldsOf,
  campaignFormValues,
  campaignUpdateOf,
  type CampaignFormValues,
} from '../campaign-fields';
import { discountText, scopeKey } from '../coupons-format';
import { couponsMessages } from '../coupons-messages';

type Named = { id: string; name: string };

/** Create a campaign (no `editing`), or change what is safe to change of one: name, end, total. */
export function CampaignDrawer(props: {
  open: boolean;
  editing: ConsoleCampaign | null;
  films: Named[];
  cinemas: Named[];
  /** Managers: a campaign names cinemas they cover. */
  mustNameCinemas: boolean;
  onClose: () => void;
}) {
  const t = couponsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<CampaignFormValues>();
  const guard = useFormGuard(form);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const { editing, open } = props;
  const kind = Form.useWatch('discountKind', form);
  const scope = Form.useWatch('scope', form);

  useEffect(() => {
    if (!open) return;
    create.reset();
    update.reset();
    form.resetFields();
    form.setFieldsValue(campaignFormValues(editing, new Date()));
    guard.opened();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the drawer opens or the campaign changes
  }, [open, editing?.id]);

  const submit = (values: CampaignFormValues) => {
    const done = (key: 'saved' | 'created') => ({
      onSuccess: () => {
        void message.success(t(key));
        props.onClose();
      },
    });
    if (editing) update.mutate(campaignUpdateOf(editing.id, values), done('saved'));
    else create.mutate(campaignFieldsOf(values), done('created'));
  };

  const error = create.error ?? update.error;
  const required = [{ required: true, message: t('required') }];
  const options = (list: Named[]) => list.map((item) => ({ value: item.id, label: item.name }));

  return (
    <FormDrawer
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      isDirty={guard.isDirty}
      onClose={props.onClose}
      onSave={() => form.submit()}
      isSaving={create.isPending || update.isPending}
      saveTestId="campaign-save"
      error={error}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Row gutter={16}>
          <Col span={editing ? 24 : 14}>
            <Form.Item name="title" label={t('name')} rules={required}>
              <Input maxLength={40} showCount placeholder={t('namePlaceholder')} />
            </Form.Item>
          </Col>
          {!editing && (
            <Col span={10}>
              <Form.Item name="promoCode" label={t('promoCode')} extra={t('promoCodeHint')}>
                <Input maxLength={40} placeholder={t('promoCodePlaceholder')} />
              </Form.Item>
            </Col>
          )}
        </Row>
        {editing ? (
          <EditingFacts campaign={editing} />
        ) : (
          <>
            <Row gutter={16}>
              <Col span={10}>
                <Form.Item name="discountKind" label={t('kind')}>
                  <Radio.Group optionType="button">
                    <Radio.Button value="amount">{t('kindAmount')}</Radio.Button>
                    <Radio.Button value="percent">{t('kindPercent')}</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item
                  name="isForNewUsers"
                  label={t('forNewUsers')}
                  extra={t('forNewUsersHint')}
                  valuePropName="checked"
                >
                  <Switch aria-label={t('forNewUsers')} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              {kind === 'percent' ? (
                <>
                  <Col span={8}>
                    <Form.Item
                      name="percent"
                      label={t('percent')}
                      extra={t('percentHint')}
                      rules={required}
                    >
                      <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="cap" label={t('cap')} extra={t('capHint')}>
                      <InputNumber min={0.01} max={1000} precision={2} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </>
              ) : (
                <Col span={8}>
                  <Form.Item name="amount" label={t('amount')} rules={required}>
                    <InputNumber min={0.01} max={1000} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              )}
              <Col span={kind === 'percent' ? 8 : 12}>
                <Form.Item name="minSpend" label={t('minSpend')} extra={t('minSpendHint')}>
                  <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="scope" label={t('scopeLabel')}>
              <Radio.Group optionType="button">
                {(['tickets', 'goods', 'both'] as const).map((value) => (
                  <Radio.Button key={value} value={value}>
                    {t(scopeKey[value])}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="filmIds" label={t('films')} extra={t('filmsHint')}>
                  <Select
                    mode="multiple"
                    allowClear
                    disabled={scope === 'goods'}
                    options={options(props.films)}
                    optionFilterProp="label"
                    aria-label={t('films')}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="cinemaIds"
                  label={t('cinemas')}
                  extra={props.mustNameCinemas ? t('cinemasManagerHint') : t('cinemasHint')}
                  rules={props.mustNameCinemas ? [{ ...required[0], type: 'array', min: 1 }] : []}
                >
                  <Select
                    mode="multiple"
                    allowClear
                    options={options(props.cinemas)}
                    optionFilterProp="label"
                    aria-label={t('cinemas')}
                  />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Row gutter={16}>
          {!editing && (
            <Col span={12}>
              <Form.Item
                name="validFrom"
                label={t('validFrom')}
                extra={t('timeHint')}
                rules={required}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="validTo" label={t('validTo')} extra={t('timeHint')} rules={required}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="totalQuantity"
              label={t('totalQuantity')}
              extra={editing ? t('totalQuantityHint', { issued: editing.issuedCount }) : undefined}
              rules={required}
            >
              <InputNumber
                min={Math.max(1, editing?.issuedCount ?? 1)}
                max={CAMPAIGN_MAX_QUANTITY}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          {!editing && (
            <Col span={12}>
              <Form.Item name="perUserLimit" label={t('perUserLimit')} rules={required}>
                <InputNumber
                  min={1}
                  max={CAMPAIGN_MAX_PER_USER}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FormDrawer>
  );
}

/** What an existing campaign gives (fixed) and how many of its coupons went out and were used. */
function EditingFacts(props: { campaign: ConsoleCampaign }) {
  const t = couponsMessages.useMessages();
  const { campaign } = props;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('fixedTerms')}</Typography.Paragraph>
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('promoCode')}>{campaign.promoCode ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('discount')}>
          {discountText(t, campaign)}
          {campaign.minSpendFen > 0 &&
            ` · ${t('minSpendOf', { amount: formatYuan(campaign.minSpendFen) })}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('scopeLabel')}>{t(scopeKey[campaign.scope])}</Descriptions.Item>
        <Descriptions.Item label={t('perUserLimit')}>{campaign.perUserLimit}</Descriptions.Item>
        <Descriptions.Item label={t('validFrom')}>
          {chinaTime(campaign.validFrom).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label={t('newUsers')}>
          {campaign.isForNewUsers ? '✓' : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('stats')} span={2}>
          {t('issuedOf', { issued: campaign.issuedCount, total: campaign.totalQuantity })} ·{' '}
          {t('usedOf', { used: campaign.usedCount, amount: formatYuan(campaign.usedDiscountFen) })}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
