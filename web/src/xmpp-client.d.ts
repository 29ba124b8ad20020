declare module "@xmpp/client";
