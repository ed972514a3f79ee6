import type { ReactNode } from 'react';

/** An honest empty state: what will be here, and why it is empty now. */
export function EmptyState(props: {
  title: string;
  description?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <section className="empty-state" aria-label={props.title}>
      {props.icon && (
        <div className="empty-state__icon" aria-hidden>
          {props.icon}
        </div>
      )}
      <h2 className="empty-state__title">{props.title}</h2>
      {props.description && <p className="empty-state__description">{props.description}</p>}
      {props.action}
    </section>
  );
}
