import { defineMessages } from '@/lib/i18n/i18n';

/** What a page says when it is shared in WeChat (spec §1: title, desc, link, imgUrl). */
export const shareMessages = defineMessages(
  {
    filmTitle: '{title}｜{appName}',
    filmDesc: '{genres} · {minutes} 分钟。在线选座，立即购票。',
    cinemaTitle: '{name}｜{appName}',
    cinemaDesc: '{address}。查看排片，在线选座。',
    storeTitle: '卖品商城｜{appName}',
    storeDesc: '爆米花、饮料、套餐，在线下单，到店自取。',
    goodsTitle: '{name}｜{appName}',
    goodsDesc: '{desc}。¥{price} 起，在线下单，到店自取。',
  },
  {
    filmTitle: '{title} | {appName}',
    filmDesc: '{genres} · {minutes} min. Pick your seats and book now.',
    cinemaTitle: '{name} | {appName}',
    cinemaDesc: '{address}. See the shows and pick your seats.',
    storeTitle: 'Snacks & drinks | {appName}',
    storeDesc: 'Popcorn, drinks and combos: order online, pick up at the counter.',
    goodsTitle: '{name} | {appName}',
    goodsDesc: '{desc}. From ¥{price}: order online, pick up at the counter.',
  },
);
