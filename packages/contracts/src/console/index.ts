// The console's calls and rules: a separate entry (`@marquee/contracts/console`), so nothing of
// the console can reach the moviegoers' bundle through the main entry.
export * from './staff-rules.js';
export * from './staff-calls.js';
export * from './audit-calls.js';
export * from './errors.js';
export * from './checkin-calls.js';
export * from './report-calls.js';
export * from './order-calls.js';
export * from './film-calls.js';
export * from './schedule-calls.js';
export * from './reseat-rules.js';
export * from './seat-block-calls.js';
export * from './image-upload-rules.js';
export * from './goods-calls.js';
export * from './card-calls.js';
export * from './hall-layout-rules.js';
export * from './cinema-calls.js';
export * from './coupon-calls.js';
export * from './today-calls.js';
export * from './box-office-calls.js';
