import { useState } from 'react';
import { Button, Card, Image, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleFilm } from '@marquee/contracts/console';
import { useFilmList } from '../api/use-film-list';
import { filmsMessages } from '../films-messages';
import { posterSrc } from '../poster-src';
import { FilmDrawer } from './film-drawer';
import { DataTable } from '@/lib/data-table';

/** The films page: every film of the site; add and edit in a drawer with the poster. */
export function FilmsTable() {
  const t = filmsMessages.useMessages();
  const list = useFilmList();
  const [editing, setEditing] = useState<ConsoleFilm | null>(null);
  const [isOpen, setOpen] = useState(false);
  const films = list.data?.list ?? [];

  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <DataTable<ConsoleFilm>
        loading={list.isFetching}
        dataSource={films}
        totalText={(total) => t('total', { total })}
        columns={[
          {
            title: t('poster'),
            key: 'poster',
            width: 72,
            render: (_, film) => (
              <Image src={posterSrc(film)} width={44} height={62} alt="" preview={false} />
            ),
          },
          {
            title: t('filmTitle'),
            dataIndex: 'title',
            render: (title: string, film) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{title}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {film.synopsis}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('genres'),
            dataIndex: 'genres',
            render: (genres: string[]) => genres.map((genre) => <Tag key={genre}>{genre}</Tag>),
          },
          {
            title: t('duration'),
            dataIndex: 'durationMinutes',
            width: 110,
            render: (n: number) => t('minutes', { n }),
          },
          { title: t('releaseDate'), dataIndex: 'releaseDate', width: 120 },
          {
            title: t('rating'),
            dataIndex: 'rating',
            width: 80,
            render: (rating: number | null) => (rating === null ? '—' : rating.toFixed(1)),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 90,
            render: (_, film) => (
              <Button
                type="link"
                onClick={() => {
                  setEditing(film);
                  setOpen(true);
                }}
              >
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      <FilmDrawer
        open={isOpen}
        editing={editing}
        onClose={() => setOpen(false)}
        onSaved={(film) => setEditing(film)}
      />
    </Card>
  );
}
