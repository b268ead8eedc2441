; Front Desk's additions to the Windows installer (electron-builder.yml: nsis.include).
;
; The counters of a shop talk to each other on TCP (47110 unless set-up names another port:
; main/shop/mesh/mesh.ts, DEFAULT_SHOP_PORT) and find each other by mDNS on UDP 5353. Windows'
; firewall blocks both until allowed, and a counter PC's staff cannot answer its prompt (it
; needs an administrator). The installer runs elevated (per machine), so it allows them for the
; app's own program — whatever port set-up names — on private and domain networks only, never
; on public ones, and removes the rules when the app is uninstalled. Rule names are fixed so an
; update replaces them rather than adding more (test/shell/package.test.ts reads this file).

!define FD_RULE_LINK "Front Desk shop link"
!define FD_RULE_DISCOVERY "Front Desk counter discovery"

!macro customInstall
  nsExec::Exec 'netsh advfirewall firewall delete rule name="${FD_RULE_LINK}"'
  nsExec::Exec 'netsh advfirewall firewall delete rule name="${FD_RULE_DISCOVERY}"'
  nsExec::Exec 'netsh advfirewall firewall add rule name="${FD_RULE_LINK}" dir=in action=allow protocol=TCP program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain'
  nsExec::Exec 'netsh advfirewall firewall add rule name="${FD_RULE_DISCOVERY}" dir=in action=allow protocol=UDP localport=5353 program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain'
!macroend

!macro customUnInstall
  nsExec::Exec 'netsh advfirewall firewall delete rule name="${FD_RULE_LINK}"'
  nsExec::Exec 'netsh advfirewall firewall delete rule name="${FD_RULE_DISCOVERY}"'
!macroend
