/** Whether a certificate's days left are within the monitor's warning window (the alert fires there). */
export function certificateWarning(days: number, warnDays: number): boolean {
  return days <= warnDays;
}

function daysText(days: number): string {
  if (days < 0) return 'certificate expired';
  return days === 1 ? 'certificate: 1 day left' : `certificate: ${days} days left`;
}

/**
 * Days left on a monitor's TLS certificate (tls monitors and https URLs), highlighted once within
 * the warning threshold. Nothing for monitors that read no certificate or have not yet.
 */
export function CertificateDays({ days, warnDays }: { days: number | null; warnDays: number }) {
  if (days === null) return null;
  const warn = certificateWarning(days, warnDays);
  return (
    <span
      className={warn ? 'cert-days cert-warn' : 'cert-days'}
      data-testid="cert-days"
      title={`Alerts at ${warnDays} days or fewer`}
    >
      {daysText(days)}
    </span>
  );
}
