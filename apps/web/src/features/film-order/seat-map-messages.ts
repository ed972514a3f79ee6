import { defineMessages } from '@/lib/i18n/i18n';

/** The seat map's own controls, and why 推荐选座 picked what it picked. */
export const seatMapMessages = defineMessages(
  {
    zoom: '缩放座位图',
    zoomIn: '放大座位图',
    zoomOut: '缩小座位图',
    reasonSpot: '推荐依据：居中、约在影厅三分之二深处，观影效果最好',
    reasonAreaFull: '推荐依据：{area}已没有 {count} 个相连的空座，这是其外最好的位置',
  },
  {
    zoom: 'Zoom the seat map',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reasonSpot: 'Why: centred, about two thirds back, for the best view and sound',
    reasonAreaFull: 'Why: {area} has no {count} free seats together; these are the best outside it',
  },
);
