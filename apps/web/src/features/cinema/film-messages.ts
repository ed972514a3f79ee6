import { defineMessages } from '@/lib/i18n/i18n';

/** The film lists of the home page: kept apart from the rest so the first page loads less. */
export const filmMessages = defineMessages(
  {
    buy: '购票',
    preview: '详情',
    rating: '观众评分',
    noRating: '暂无评分',
    releaseOn: '{month}月{day}日上映',
    minutes: '{count}分钟',
    noFilms: '暂无影片',
    noFilmsShowing: '今天没有正在热映的影片，过会儿再来看看。',
    noFilmsComing: '暂时没有即将上映的影片。',
    filmsFailed: '影片没有加载出来',
  },
  {
    buy: 'Tickets',
    preview: 'Details',
    rating: 'Rating',
    noRating: 'Not rated yet',
    releaseOn: 'Opens {monthName} {day}',
    minutes: '{count} min',
    noFilms: 'No films',
    noFilmsShowing: 'No films are showing right now. Check back later.',
    noFilmsComing: 'No films are announced yet.',
    filmsFailed: 'The films did not load',
  },
);
