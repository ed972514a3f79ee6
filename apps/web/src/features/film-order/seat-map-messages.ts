import { defineMessages } from '@/lib/i18n/i18n';

/** The seat map's own controls. */
export const seatMapMessages = defineMessages(
  { zoom: '缩放座位图', zoomIn: '放大座位图', zoomOut: '缩小座位图' },
  { zoom: 'Zoom the seat map', zoomIn: 'Zoom in', zoomOut: 'Zoom out' },
);
