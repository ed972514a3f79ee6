import { useEffect } from 'react';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { ConsoleFilm, FilmFields } from '@marquee/contracts/console';
import { FormDrawer, useFormGuard } from '@/lib/form-drawer/form-drawer';
import { usePictureAfterSave } from '@/lib/form-drawer/use-picture-after-save';
import { ImageUploadField } from '@/lib/image-upload-field';
import { useSaveFilm } from '../api/use-save-film';
import { useUploadPoster } from '../api/use-upload-poster';
import { filmsMessages } from '../films-messages';
import { posterSrc } from '../poster-src';

type FormValues = Omit<FilmFields, 'releaseDate' | 'rating'> & {
  releaseDate: Dayjs;
  rating: number | null | undefined;
};

/**
 * Add a film (no `editing`) or change one, and its poster: a poster picked before the first save
 * is uploaded right after it.
 */
export function FilmDrawer(props: {
  open: boolean;
  editing: ConsoleFilm | null;
  onClose: () => void;
  onSaved: (film: ConsoleFilm) => void;
}) {
  const t = filmsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const guard = useFormGuard(form);
  const save = useSaveFilm();
  const upload = useUploadPoster();
  const { editing, open } = props;
  const poster = usePictureAfterSave((file, filmId) =>
    upload.mutate(
      { filmId, file },
      {
        onSuccess: (film) => {
          void message.success(t('posterUploaded'));
          props.onSaved(film);
        },
      },
    ),
  );

  useEffect(() => {
    if (!open) return;
    save.reset();
    upload.reset();
    poster.opened(editing?.id);
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ ...editing, releaseDate: dayjs(editing.releaseDate) });
    } else {
      form.setFieldsValue({ genres: [], cast: [], language: '国语', rating: null });
    }
    guard.opened();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the drawer opens or the film changes
  }, [open, editing?.id]);

  const submit = (values: FormValues) => {
    const fields: FilmFields = {
      ...values,
      releaseDate: values.releaseDate.format('YYYY-MM-DD'),
      rating: values.rating ?? null,
      cast: (values.cast ?? []).filter((member) => member?.name?.trim()),
    };
    save.mutate(
      { id: editing?.id, fields },
      {
        onSuccess: (film) => {
          void message.success(t('saved'));
          if (!editing) poster.saved(film.id);
          props.onSaved(film);
        },
      },
    );
  };

  const error = save.error ?? upload.error;

  return (
    <FormDrawer
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      isDirty={() => guard.isDirty() || poster.hasPending()}
      onClose={props.onClose}
      onSave={() => form.submit()}
      isSaving={save.isPending}
      error={error}
    >
      <Row gutter={24}>
        <Col flex="180px">
          <ImageUploadField
            key={editing?.id ?? 'new'}
            label={t('poster')}
            hint={t('posterHint')}
            uploadLabel={t('uploadPoster')}
            notSavedYet={t('posterAfterSave')}
            problems={{ type: t('posterType'), tooLarge: t('posterTooLarge') }}
            frame={{ width: 160, height: 224 }}
            testId="poster-preview"
            image={editing && { src: posterSrc(editing), alt: editing.title }}
            isUploading={upload.isPending}
            onPick={(file) => poster.pick(file, editing?.id)}
          />
        </Col>
        <Col flex="auto">
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              label={t('filmTitle')}
              name="title"
              rules={[{ required: true, whitespace: true, message: t('required') }]}
            >
              <Input maxLength={60} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item
                  label={t('duration')}
                  name="durationMinutes"
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber min={1} max={600} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label={t('releaseDate')}
                  name="releaseDate"
                  rules={[{ required: true, message: t('required') }]}
                >
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('rating')} name="rating" extra={t('ratingHint')}>
                  <InputNumber
                    min={0}
                    max={10}
                    step={0.1}
                    precision={1}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('genres')} name="genres" extra={t('genresHint')}>
              <Select mode="tags" maxCount={6} open={false} tokenSeparators={[',', '，']} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item label={t('director')} name="director">
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('country')} name="country">
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('language')} name="language">
                  <Input maxLength={20} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('synopsis')} name="synopsis">
              <Input.TextArea rows={4} maxLength={2000} showCount />
            </Form.Item>
            <Typography.Text strong>{t('cast')}</Typography.Text>
            <Form.List name="cast">
              {(fields, { add, remove }) => (
                <div style={{ marginTop: 8 }}>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[field.name, 'name']}>
                        <Input placeholder={t('castName')} maxLength={40} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'role']}>
                        <Input placeholder={t('castRole')} maxLength={40} />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= 30}
                    onClick={() => add({ name: '', role: '' })}
                  >
                    {t('addCast')}
                  </Button>
                </div>
              )}
            </Form.List>
          </Form>
        </Col>
      </Row>
    </FormDrawer>
  );
}
