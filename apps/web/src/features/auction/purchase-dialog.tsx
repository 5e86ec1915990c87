import { Trans, useLingui } from '@lingui/react/macro';
import type { Listing } from '@prison/shared/auction';
import { timesMoney } from '@prison/shared/money-format';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { ItemEnchants } from './item-enchants.tsx';
import { ItemIcon } from './item-icon.tsx';

/**
 * Spec 2.11 / 4 Purchase: confirm a purchase with a quantity slider from 1 to what is left (opening
 * at 1) and the total. `onConfirm` resolves once the server has answered.
 */
export function PurchaseDialog({
  listing,
  onClose,
  onConfirm,
}: {
  listing: Listing | null;
  onClose: () => void;
  onConfirm: (listing: Listing, qty: number) => Promise<void>;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={listing !== null}
      onClose={onClose}
      title={t`Confirm purchase`}
      description={t`Paid from your in-game balance; the items arrive in game at once. Purchases are final.`}
    >
      {listing && <PurchaseForm key={listing.id} listing={listing} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function PurchaseForm({
  listing,
  onConfirm,
}: {
  listing: Listing;
  onConfirm: (listing: Listing, qty: number) => Promise<void>;
}) {
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  const chosen = Math.min(Math.max(1, qty), listing.qty);
  const unitPrice = formatMoney(listing.price);
  const seller = listing.sellerName;
  const chosenCount = formatWhole(chosen);
  const available = formatWhole(listing.qty);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          await onConfirm(listing, chosen);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="mt-5 flex items-center gap-3 rounded-2xl border border-line bg-surface-sunken/60 p-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-surface ring-1 ring-line">
          <ItemIcon icon={listing.item.icon} size={32} />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{listing.item.name}</p>
          <ItemEnchants enchants={listing.item.enchants} className="my-0.5" />
          <p className="text-sm text-fg-muted">
            <Trans>
              {unitPrice} each · sold by {seller}
            </Trans>
          </p>
        </div>
      </div>

      <div className="mt-6">
        <div className="flex items-baseline justify-between">
          <label htmlFor="purchase-qty" className="text-sm font-semibold text-fg">
            <Trans>Quantity</Trans>
          </label>
          <output htmlFor="purchase-qty" className="font-display text-lg font-bold text-fg tabular-nums">
            <Trans comment="Purchase dialog: the units chosen, of the units left in the listing">
              {chosenCount} <span className="text-sm font-medium text-fg-muted">of {available}</span>
            </Trans>
          </output>
        </div>
        <input
          id="purchase-qty"
          type="range"
          min={1}
          max={listing.qty}
          step={1}
          value={chosen}
          disabled={listing.qty <= 1}
          onChange={(event) => setQty(Number(event.target.value))}
          className="mt-3 w-full accent-amber-500"
        />
        <div className="mt-1 flex justify-between text-xs text-fg-muted tabular-nums">
          <span>1</span>
          <span>{available}</span>
        </div>
      </div>

      <div className="mt-6 flex items-baseline justify-between border-t border-line pt-4">
        <span className="text-sm font-semibold text-fg-muted">
          <Trans comment="Purchase dialog: the price of the units chosen">Total</Trans>
        </span>
        <span data-testid="purchase-total" className="font-display text-2xl font-bold text-fg tabular-nums">
          {formatMoney(timesMoney(listing.price, chosen))}
        </span>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass('secondary')}>
          <Trans>Cancel</Trans>
        </DialogClose>
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          <ShoppingCart aria-hidden className="size-4" />
          {busy ? <Trans>Buying…</Trans> : <Trans>Confirm purchase</Trans>}
        </button>
      </div>
    </form>
  );
}
