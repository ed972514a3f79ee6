import { dateLabel } from '@/lib/show-time';

/** The dates that have shows, as tabs; the chosen one is in the URL (`date`). */
export function DateTabs(props: {
  dates: readonly string[];
  value: string;
  today: string;
  label: string;
  onChange: (date: string) => void;
}) {
  return (
    <div className="date-tabs" role="tablist" aria-label={props.label}>
      {props.dates.map((date) => {
        const { day, monthDay } = dateLabel(date, props.today);
        const isSelected = date === props.value;
        return (
          <button
            key={date}
            type="button"
            role="tab"
            aria-selected={isSelected}
            className={`date-tabs__tab${isSelected ? ' date-tabs__tab--selected' : ''}`}
            onClick={() => props.onChange(date)}
          >
            {day} {monthDay}
          </button>
        );
      })}
    </div>
  );
}
