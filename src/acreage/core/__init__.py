"""Shared by every game and knowing none: grids, regions, chance, the contract, records."""
