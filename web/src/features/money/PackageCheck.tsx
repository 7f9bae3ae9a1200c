import { Icon } from '../../ui/icons';
import './PackageCheck.css';

interface PackageCheckProps {
  checked: boolean;
  /** The tick's size: the credit rows and the subscription cards draw it a little apart. */
  tickSize: number;
  /** Where the card puts the circle, if not in the flow. */
  className?: string;
}

/** The round tick of a package to pay for: an empty circle until the package is chosen. */
export function PackageCheck({ checked, tickSize, className }: PackageCheckProps) {
  return (
    <span
      className={['package-check', className, checked ? 'is-checked' : null]
        .filter(Boolean)
        .join(' ')}
      aria-hidden="true"
    >
      <Icon name="check" size={tickSize} strokeWidth={3} />
    </span>
  );
}
