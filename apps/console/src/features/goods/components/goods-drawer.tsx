import { useEffect } from 'react';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsoleCategory, ConsoleGoods } from '@marquee/contracts/console';
import { FormDrawer, useFormGuard } from '@/lib/form-drawer/form-drawer';
import { usePictureAfterSave } from '@/lib/form-drawer/use-picture-after-save';
import { ImageUploadField } from '@/lib/image-upload-field';
import { useSaveGoods, useUploadGoodsImage } from '../api/use-save-goods';
import { goodsFieldsOf, goodsFormValues, type GoodsFormValues } from '../goods-fields';
import { goodsMessages } from '../goods-messages';
import { goodsImageSrc } from '../goods-image-src';
import { localNameOf } from '@/lib/local-name';

/**
 * Add a goods item (no `editing`) or change one: fields, variants and prices; its picture (picked
 * before the first save, it is uploaded right after).
 */
export function GoodsDrawer(props: {
  open: boolean;
  editing: ConsoleGoods | null;
  categories: ConsoleCategory[];
  defaultCategoryId: string | null;
  onClose: () => void;
  onSaved: (goods: ConsoleGoods) => void;
}) {
  const t = goodsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<GoodsFormValues>();
  const guard = useFormGuard(form);
  const save = useSaveGoods();
  const upload = useUploadGoodsImage();
  const { editing, open } = props;
  const picture = usePictureAfterSave((file, goodsId) =>
    upload.mutate(
      { goodsId, file },
      {
        onSuccess: (goods) => {
          void message.success(t('imageUploaded'));
          props.onSaved(goods);
        },
      },
    ),
  );

  useEffect(() => {
    if (!open) return;
    save.reset();
    upload.reset();
    picture.opened(editing?.id);
    form.resetFields();
    form.setFieldsValue(
      goodsFormValues(editing, {
        categoryId: props.defaultCategoryId ?? props.categories[0]?.id,
        specName: t('defaultSpecName'),
      }),
    );
    guard.opened();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the drawer opens or the item changes
  }, [open, editing?.id]);

  const submit = (values: GoodsFormValues) => {
    const fields = goodsFieldsOf(values, editing);
    save.mutate(
      { id: editing?.id, fields },
      {
        onSuccess: (goods) => {
          void message.success(t('saved'));
          if (!editing) picture.saved(goods.id);
          props.onSaved(goods);
        },
      },
    );
  };

  const error = save.error ?? upload.error;
  const existingCount = editing?.variants.length ?? 0;
  // Existing variants come first in the list; specs past the first are kept and shown, not edited.
  const moreSpecs = (index: number) => {
    const more = editing?.variants[index]?.specs.slice(1) ?? [];
    return more.length > 0
      ? t('moreSpecs', { specs: more.map((spec) => `${spec.name} ${spec.value}`).join('、') })
      : undefined;
  };

  return (
    <FormDrawer
      open={open}
      width={760}
      title={editing ? t('editTitle') : t('addTitle')}
      isDirty={() => guard.isDirty() || picture.hasPending()}
      onClose={props.onClose}
      onSave={() => form.submit()}
      isSaving={save.isPending}
      saveTestId="goods-save"
      error={error}
    >
      <Row gutter={24} wrap={false}>
        <Col flex="180px">
          <ImageUploadField
            key={editing?.id ?? 'new'}
            label={t('image')}
            hint={t('imageHint')}
            uploadLabel={t('uploadImage')}
            notSavedYet={t('imageAfterSave')}
            problems={{ type: t('imageType'), tooLarge: t('imageTooLarge') }}
            frame={{ width: 160, height: 160 }}
            image={editing && { src: goodsImageSrc(editing), alt: editing.name }}
            isUploading={upload.isPending}
            onPick={(file) => picture.pick(file, editing?.id)}
          />
        </Col>
        <Col flex="auto">
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Row gutter={12}>
              <Col span={14}>
                <Form.Item
                  label={t('name')}
                  name="name"
                  rules={[{ required: true, whitespace: true, message: t('required') }]}
                >
                  <Input maxLength={30} data-testid="goods-name" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  label={t('category')}
                  name="categoryId"
                  rules={[{ required: true, message: t('required') }]}
                >
                  <Select
                    options={props.categories.map((c) => ({ value: c.id, label: localNameOf(c) }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('description')} name="description">
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
            <Row gutter={12}>
              <Col span={16}>
                <Form.Item label={t('tags')} name="tags" extra={t('tagsHint')}>
                  <Select mode="tags" maxCount={4} open={false} tokenSeparators={[',', '，']} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('onSale')} name="isOnSale" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text strong>{t('variants')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '2px 0 8px' }}>
              {t('variantsHint')}
            </Typography.Paragraph>
            <Form.List name="variants">
              {(fields, { add, remove }) => (
                <div>
                  {fields.map((field, index) => (
                    <Row key={field.key} gutter={8} align="top" wrap={false}>
                      <Col span={5}>
                        <Form.Item
                          name={[field.name, 'specName']}
                          label={index === 0 ? t('specName') : undefined}
                          rules={[{ required: true, whitespace: true, message: t('required') }]}
                        >
                          <Input maxLength={10} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item
                          name={[field.name, 'specValue']}
                          label={index === 0 ? t('specValue') : undefined}
                          rules={[{ required: true, whitespace: true, message: t('required') }]}
                          extra={moreSpecs(index)}
                        >
                          <Input maxLength={20} data-testid={`variant-value-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item
                          name={[field.name, 'price']}
                          label={index === 0 ? t('price') : undefined}
                          rules={[{ required: true, message: t('required') }]}
                        >
                          <InputNumber
                            min={0.01}
                            max={9999.99}
                            precision={2}
                            style={{ width: '100%' }}
                            data-testid={`variant-price-${index}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item
                          name={[field.name, 'originalPrice']}
                          label={index === 0 ? t('originalPrice') : undefined}
                        >
                          <InputNumber
                            min={0.01}
                            max={9999.99}
                            precision={2}
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                      </Col>
                      <Col flex="24px" style={{ paddingTop: index === 0 ? 36 : 6 }}>
                        {index >= existingCount && fields.length > 1 && (
                          <MinusCircleOutlined onClick={() => remove(field.name)} />
                        )}
                      </Col>
                    </Row>
                  ))}
                  <Space direction="vertical" size={4}>
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      disabled={fields.length >= 20}
                      onClick={() => add({ specName: t('defaultSpecName'), specValue: '' })}
                    >
                      {t('addVariant')}
                    </Button>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('newVariantStock')}
                    </Typography.Text>
                  </Space>
                </div>
              )}
            </Form.List>
          </Form>
        </Col>
      </Row>
    </FormDrawer>
  );
}
