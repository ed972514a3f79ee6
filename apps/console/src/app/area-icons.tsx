import type { ReactNode } from 'react';
import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  DollarOutlined,
  GiftOutlined,
  QrcodeOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ConsoleArea } from '@marquee/contracts/console';

/** Each console area's icon, in the menu and on the welcome page. */
export const areaIcons: Record<ConsoleArea, ReactNode> = {
  cinemas: <ShopOutlined />,
  films: <VideoCameraOutlined />,
  schedule: <CalendarOutlined />,
  goods: <ShoppingOutlined />,
  cards: <CreditCardOutlined />,
  coupons: <GiftOutlined />,
  boxOffice: <DollarOutlined />,
  checkIn: <QrcodeOutlined />,
  orders: <UnorderedListOutlined />,
  reports: <BarChartOutlined />,
  staff: <TeamOutlined />,
  audit: <AuditOutlined />,
};
