import { defineMessages } from '@/lib/i18n/i18n';

/** The home index's own few strings: the first page loads only these. */
export const homeMessages = defineMessages(
  {
    greeting: '你好，{name}！',
    greetingNoName: '你好！',
    brandTagline: '今天想看什么电影？',
    searchEntry: '搜影院、地址或 IMAX 厅',
    storeEntry: '卖品商城',
    storeEntryHint: '爆米花、饮料，到店自取',
    nowShowing: '正在热映',
    comingSoon: '即将上映',
  },
  {
    greeting: 'Hello, {name}!',
    greetingNoName: 'Hello!',
    brandTagline: 'What would you like to watch today?',
    searchEntry: 'Find a cinema, an address or IMAX',
    storeEntry: 'Snacks & drinks',
    storeEntryHint: 'Popcorn and drinks, picked up at the counter',
    nowShowing: 'Now showing',
    comingSoon: 'Coming soon',
  },
);
