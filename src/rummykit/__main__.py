"""``python -m rummykit`` runs the command line."""

from rummykit.cli import main

raise SystemExit(main())
