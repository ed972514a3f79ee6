import { Card, Tabs } from 'antd';
import { cardsMessages } from '../cards-messages';
import { AdjustPanel } from './adjust-panel';
import { BatchesPanel } from './batches-panel';
import { CardTypesPanel } from './card-types-panel';

/** The cards page (owners): top-up card batches, card types, balance adjustments. */
export function CardsView() {
  const t = cardsMessages.useMessages();
  return (
    <Card title={t('title')}>
      <Tabs
        items={[
          { key: 'batches', label: t('tabBatches'), children: <BatchesPanel /> },
          { key: 'types', label: t('tabTypes'), children: <CardTypesPanel /> },
          { key: 'adjust', label: t('tabAdjust'), children: <AdjustPanel /> },
        ]}
      />
    </Card>
  );
}
