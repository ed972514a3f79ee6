import { useState } from 'react';
import { Alert, App, Button, Card, Input, List, Modal, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsoleCategory } from '@marquee/contracts/console';
import { englishNameSchema } from '@marquee/contracts';
import { englishNameMessages, englishNameOf } from '@/lib/english-name';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useReorderCategories, useSaveCategory } from '../api/use-save-category';
import { goodsMessages } from '../goods-messages';
import { getLang } from '@/lib/i18n/i18n';
import { localNameOf } from '@/lib/local-name';

const categoryNameEn = englishNameSchema(24);

/**
 * The categories in the moviegoers' order: pick one to filter, add, rename (with an optional
 * English name), move up or down.
 */
export function CategoryPanel(props: {
  categories: ConsoleCategory[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const t = goodsMessages.useMessages();
  const common = commonMessages.useMessages();
  const en = englishNameMessages.useMessages();
  const { message } = App.useApp();
  const save = useSaveCategory();
  const reorder = useReorderCategories();
  const [editing, setEditing] = useState<{ id?: string; name: string; nameEn: string } | null>(
    null,
  );
  const isEnglishBad = !categoryNameEn.safeParse(editing?.nameEn ?? '').success;
  const ids = props.categories.map((category) => category.id);

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    reorder.mutate(next, { onError: (error) => void message.error(error.message) });
  };
  const submit = () => {
    if (!editing?.name.trim() || isEnglishBad) return;
    save.mutate(
      { id: editing.id, name: editing.name.trim(), nameEn: englishNameOf(editing.nameEn) },
      {
        onSuccess: () => {
          void message.success(t('saved'));
          setEditing(null);
        },
      },
    );
  };

  const row = (id: string | null, label: string, extra?: React.ReactNode) => (
    <List.Item
      onClick={() => props.onSelect(id)}
      style={{
        cursor: 'pointer',
        paddingInline: 12,
        background: props.selectedId === id ? '#e6f4ff' : undefined,
      }}
      actions={extra ? [extra] : undefined}
    >
      <Typography.Text strong={props.selectedId === id}>{label}</Typography.Text>
    </List.Item>
  );

  return (
    <Card
      size="small"
      title={t('categories')}
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            save.reset();
            setEditing({ name: '', nameEn: '' });
          }}
        >
          {t('addCategory')}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      <List size="small" data-testid="goods-categories">
        {row(null, t('allCategories'))}
        {props.categories.map((category, index) =>
          row(
            category.id,
            t('categoryLabel', {
              name:
                category.nameEn && getLang() === 'zh'
                  ? `${category.name} · ${category.nameEn}`
                  : localNameOf(category),
              n: category.goodsCount,
            }),
            <Space size={0} onClick={(event) => event.stopPropagation()}>
              <Tooltip title={t('moveUp')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('moveUp')}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                />
              </Tooltip>
              <Tooltip title={t('moveDown')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('moveDown')}
                  disabled={index === ids.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                />
              </Tooltip>
              <Tooltip title={t('renameCategory')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('renameCategory')}
                  onClick={() => {
                    save.reset();
                    setEditing({
                      id: category.id,
                      name: category.name,
                      nameEn: category.nameEn ?? '',
                    });
                  }}
                />
              </Tooltip>
            </Space>,
          ),
        )}
      </List>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('renameCategory') : t('addCategory')}
        okText={common('save')}
        cancelText={common('cancel')}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {save.error && (
          <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 12 }} />
        )}
        <Typography.Text>{t('categoryName')}</Typography.Text>
        <Input
          autoFocus
          maxLength={12}
          value={editing?.name ?? ''}
          onChange={(event) =>
            setEditing((current) => current && { ...current, name: event.target.value })
          }
          onPressEnter={submit}
          style={{ marginTop: 6 }}
          data-testid="category-name"
        />
        <Typography.Text style={{ display: 'block', marginTop: 12 }}>
          {t('categoryNameEn')}
        </Typography.Text>
        <Input
          aria-label={t('categoryNameEn')}
          maxLength={24}
          value={editing?.nameEn ?? ''}
          status={isEnglishBad ? 'error' : undefined}
          onChange={(event) =>
            setEditing((current) => current && { ...current, nameEn: event.target.value })
          }
          onPressEnter={submit}
          style={{ marginTop: 6 }}
          data-testid="category-name-en"
        />
        <Typography.Text type={isEnglishBad ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {isEnglishBad ? en('invalid') : en('hint')}
        </Typography.Text>
      </Modal>
    </Card>
  );
}
