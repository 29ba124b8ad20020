"""``python -m ginrummy_desktop`` starts the app."""

from ginrummy_desktop.app import main

raise SystemExit(main())
