"""End of the Page (rummyrules.games.end_of_the_page), rule by rule (EOP-*)."""
