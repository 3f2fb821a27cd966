import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import type { ListView } from '@tradeloop/contracts/market-constants';

const VIEWS: { value: ListView; label: string; Icon: typeof IconList }[] = [
  { value: 'grid', label: 'Grid view', Icon: IconLayoutGrid },
  { value: 'list', label: 'List view', Icon: IconList },
];

/**
 * Grid or list, as two native radio buttons drawn as a segmented control (`mk-view-*` in market.css).
 * Mantine's SegmentedControl measured its options to place its indicator while the page hydrated,
 * a forced layout in the list's first long task (decision 029).
 */
export function ViewSwitch({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  return (
    <div role="radiogroup" aria-label="Layout of the results" className="mk-view-switch">
      {VIEWS.map(({ value: view, label, Icon }) => (
        <label key={view} className="mk-view-option" title={label}>
          <input
            type="radio"
            name="product-list-view"
            value={view}
            checked={value === view}
            onChange={() => onChange(view)}
          />
          <Icon size={16} aria-hidden />
          <span className="mk-visually-hidden">{label}</span>
        </label>
      ))}
    </div>
  );
}
