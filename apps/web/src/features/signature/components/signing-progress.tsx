import { Button } from '../../../components/ui/button';
import { LinearProgress } from '../../../components/ui/linear-progress';
import type { SigningRun } from '../hooks/use-signing-run';
import '../../../components/ui/typography.css';
import './signing-progress.css';

type SigningProgressProps = {
  run: SigningRun | undefined;
  onCancel: () => void;
  onDismiss: () => void;
};

/** A Bulk sign or Sign all run: a progress bar, the SPEC §4 counts (success, fail, cancelled) and Cancel. */
export function SigningProgress({ run, onCancel, onDismiss }: SigningProgressProps) {
  if (!run) return null;
  const { progress, running, kind } = run;
  const name = kind === 'all' ? 'Sign all' : 'Bulk sign';
  return (
    <div className="signing-progress" data-testid="signing-progress" data-kind={kind}>
      <div className="signing-progress__head">
        <span className="ui-caption signing-progress__label" id="signing-progress-label" role="status">
          {running
            ? `${name}: signing ${progress.processed} of ${progress.total}`
            : `${name} finished: ${progress.processed} of ${progress.total}`}
        </span>
        {running ? (
          <Button size="small" color="inherit" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Button size="small" color="inherit" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
      <LinearProgress
        value={progress.total > 0 ? (progress.processed / progress.total) * 100 : 0}
        aria-labelledby="signing-progress-label"
        className="signing-progress__bar"
      />
      <p className="ui-caption ui-text-secondary signing-progress__counts" data-testid="signing-counts">
        Success {progress.success} · Fail {progress.fail} · Cancelled {progress.cancelled}
      </p>
    </div>
  );
}
