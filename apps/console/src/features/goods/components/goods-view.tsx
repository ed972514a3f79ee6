import { useState } from 'react';
import { App, Button, Card, Col, Image, Row, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleGoods, ConsoleVariant } from '@marquee/contracts/console';
import { formatYuan } from '@marquee/contracts';
import { useGoodsList } from '../api/use-goods-list';
import { useSetGoodsOnSale } from '../api/use-save-goods';
import { goodsImageSrc } from '../goods-image-src';
import { goodsMessages } from '../goods-messages';
import { CategoryPanel } from './category-panel';
import { GoodsDrawer } from './goods-drawer';
import { StockDrawer } from './stock-drawer';
import { localCinemaNameOf, localNameOf } from '@/lib/local-name';
import { DataTable } from '@/lib/data-table';

/**
 * The goods page: categories on the left, the goods of the picked one with prices and stock.
 * `coveredCinemaIds`: where the signed-in staff may move stock (owners: every cinema).
 */
export function GoodsView(props: {
  coveredCinemaIds: string[];
  cinemas: readonly { name: string; nameEn?: string | null }[];
}) {
  const t = goodsMessages.useMessages();
  const { message } = App.useApp();
  const list = useGoodsList();
  const setOnSale = useSetGoodsOnSale();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState<ConsoleGoods | null>(null);
  const [isEditorOpen, setEditorOpen] = useState(false);
  const [stockGoodsId, setStockGoodsId] = useState<string | null>(null);
  const categories = list.data?.categories ?? [];
  const allGoods = list.data?.goods ?? [];
  const goods = categoryId ? allGoods.filter((g) => g.categoryId === categoryId) : allGoods;
  const categoryName = new Map(categories.map((c) => [c.id, localNameOf(c)]));
  // The stock drawer follows the list, so a recorded movement shows the new counts.
  const stockGoods = allGoods.find((g) => g.id === stockGoodsId) ?? null;

  return (
    <Row gutter={16} wrap={false} align="top">
      <Col flex="300px">
        <CategoryPanel categories={categories} selectedId={categoryId} onSelect={setCategoryId} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          title={t('title')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={categories.length === 0}
              onClick={() => {
                setEditing(null);
                setEditorOpen(true);
              }}
            >
              {t('add')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
          <DataTable<ConsoleGoods>
            loading={list.isFetching}
            dataSource={goods}
            emptyText={t('nothingYet')}
            pageSize={8}
            totalText={(total) => t('total', { total })}
            columns={[
              {
                title: t('image'),
                key: 'image',
                width: 72,
                render: (_, item) => (
                  <Image src={goodsImageSrc(item)} width={48} height={48} alt="" preview={false} />
                ),
              },
              {
                title: t('name'),
                dataIndex: 'name',
                render: (name: string, item) => (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{name}</Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                      {categoryName.get(item.categoryId)}
                      {item.tags.map((tag) => (
                        <Tag key={tag} style={{ marginLeft: 6 }}>
                          {tag}
                        </Tag>
                      ))}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('variants'),
                dataIndex: 'variants',
                render: (variants: ConsoleVariant[]) => (
                  <Space direction="vertical" size={0}>
                    {variants.map((variant) => (
                      <Typography.Text key={variant.id} style={{ whiteSpace: 'nowrap' }}>
                        {variant.name} · {t('yuan', { amount: formatYuan(variant.priceFen) })}
                        {variant.originalPriceFen !== null && (
                          <Typography.Text type="secondary" delete style={{ marginLeft: 4 }}>
                            {t('yuan', { amount: formatYuan(variant.originalPriceFen) })}
                          </Typography.Text>
                        )}
                        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                          {t('stockOf', { stock: variant.stock })}
                        </Typography.Text>
                        {variant.cinemas
                          .filter((cinema) => cinema.isLow)
                          .map((cinema) => (
                            <Tag
                              key={cinema.cinemaId}
                              color={cinema.stock === 0 ? 'red' : 'orange'}
                              style={{ marginLeft: 6 }}
                              data-testid="low-stock"
                            >
                              {t('lowTag', {
                                cinema: localCinemaNameOf(cinema.cinemaName, props.cinemas),
                                stock: cinema.stock,
                                level: cinema.reorderLevel,
                              })}
                            </Tag>
                          ))}
                      </Typography.Text>
                    ))}
                  </Space>
                ),
              },
              {
                title: t('onSale'),
                dataIndex: 'isOnSale',
                width: 90,
                render: (isOnSale: boolean, item) => (
                  <Switch
                    checked={isOnSale}
                    aria-label={isOnSale ? t('onSale') : t('offSale')}
                    loading={setOnSale.isPending && setOnSale.variables?.goodsId === item.id}
                    onChange={(checked) =>
                      setOnSale.mutate(
                        { goodsId: item.id, isOnSale: checked },
                        { onError: (error) => void message.error(error.message) },
                      )
                    }
                  />
                ),
              },
              {
                title: t('actions'),
                key: 'actions',
                width: 130,
                render: (_, item) => (
                  <Space size={0}>
                    <Button
                      type="link"
                      onClick={() => {
                        setEditing(item);
                        setEditorOpen(true);
                      }}
                    >
                      {t('edit')}
                    </Button>
                    <Button type="link" onClick={() => setStockGoodsId(item.id)}>
                      {t('stock')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <GoodsDrawer
        open={isEditorOpen}
        editing={editing}
        categories={categories}
        defaultCategoryId={categoryId}
        onClose={() => setEditorOpen(false)}
        onSaved={(saved) => setEditing(saved)}
      />
      <StockDrawer
        goods={stockGoods}
        coveredCinemaIds={props.coveredCinemaIds}
        onClose={() => setStockGoodsId(null)}
      />
    </Row>
  );
}
