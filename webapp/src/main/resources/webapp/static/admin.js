/*
 * Lock Facade admin page: asks before a removal and reloads the listing when auto-refresh is on.
 * Served from the master's jar; the Content-Security-Policy allows no inline script.
 */
(function () {
  'use strict';

  var REFRESH_KEY = 'lockfacade.admin.autoRefresh';
  var DEFAULT_REFRESH_SECONDS = 5;
  var MILLIS_PER_SECOND = 1000;

  /*
   * A form with data-confirm asks its question in a dialog; on OK it is sent with confirm=yes and the master
   * removes at once. Without JavaScript the form is sent as is and the master shows its confirmation page.
   */
  function askBeforeRemoving(event) {
    var form = event.target;
    var question = form.getAttribute('data-confirm');
    if (!question) {
      return;
    }
    var previous = form.querySelector('input[name="confirm"]');
    if (previous) {
      previous.parentNode.removeChild(previous);
    }
    if (!window.confirm(question)) {
      event.preventDefault();
      return;
    }
    var confirmed = document.createElement('input');
    confirmed.type = 'hidden';
    confirmed.name = 'confirm';
    confirmed.value = 'yes';
    form.appendChild(confirmed);
  }

  function readSetting() {
    try {
      return window.localStorage.getItem(REFRESH_KEY) === 'on';
    } catch (storageBlocked) {
      return false;
    }
  }

  function saveSetting(on) {
    try {
      window.localStorage.setItem(REFRESH_KEY, on ? 'on' : 'off');
    } catch (storageBlocked) {
      // the switch still works for this page
    }
  }

  /* Reloads the same listing, without the one-time notice of the previous action. */
  function reloadListing() {
    var url = new URL(window.location.href);
    url.searchParams.delete('notice');
    window.location.replace(url.toString());
  }

  function setUpAutoRefresh() {
    var box = document.getElementById('auto-refresh');
    if (!box) {
      return;
    }
    var seconds = parseInt(document.body.getAttribute('data-refresh-seconds'), 10) || DEFAULT_REFRESH_SECONDS;
    var timer = null;
    function schedule() {
      if (timer !== null) {
        window.clearTimeout(timer);
        timer = null;
      }
      if (box.checked) {
        timer = window.setTimeout(reloadListing, seconds * MILLIS_PER_SECOND);
      }
    }
    box.checked = readSetting();
    box.addEventListener('change', function () {
      saveSetting(box.checked);
      schedule();
    });
    box.parentNode.hidden = false;
    schedule();
  }

  document.addEventListener('submit', askBeforeRemoving);
  document.addEventListener('DOMContentLoaded', setUpAutoRefresh);
}());
