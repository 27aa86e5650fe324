"""Going Out Rummy (rummyrules.games.going_out), rule by rule (GOR-*), its matches and properties."""
