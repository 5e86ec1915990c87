/** An option of the search's listbox, as the field needs it to move through and open the results. */
export interface SearchOption {
  /** The option element's id, for aria-activedescendant. */
  id: string;
  /** The page it opens. */
  href: string;
}
