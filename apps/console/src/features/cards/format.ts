export { yuan } from '@/lib/money';
